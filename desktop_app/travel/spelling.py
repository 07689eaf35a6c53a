"""Words as people type them on a phone, written out once before any slot is read: "3 nites", "this wknd",
"next wk", "thx". Each reader then sees one spelling instead of listing every shorthand itself."""

from __future__ import annotations

import re

from desktop_app.travel import rules

SHORTHAND = {
    "nites": "nights",
    "flt": "flight",
    "flts": "flights",
    "htl": "hotel",
    "nite": "night",
    "nts": "nights",
    "wknd": "weekend",
    "wkend": "weekend",
    "wk": "week",
    "wks": "weeks",
    "thx": "thanks",
    "thnx": "thanks",
    "tmrw": "tomorrow",
    "2moro": "tomorrow",
    "bday": "birthday",
    "xmas": "christmas",
    "hols": "holidays",
    "hotles": "hotels",
    "hotle": "hotel",
    "nigths": "nights",
    "nigth": "night",
    "weathr": "weather",
    "wheather": "weather",
    "wheatherwise": "weatherwise",
    "wether": "weather",
    "wekend": "weekend",
    "fligts": "flights",
    "flghts": "flights",
    "flght": "flight",
    "frm": "from",
    "rite": "right",
}
_WORD = re.compile(
    r"(?i)(?<![A-Za-z0-9'])(" + "|".join(sorted(SHORTHAND, key=len, reverse=True)) + r")(?![A-Za-z0-9'])"
)


# traditional characters as people in Taiwan and Hong Kong type them (後天從台北飛香港), written simplified once:
# the common ones of travel talk, each mapping one character (a whole converter is not needed for this)
TRADITIONAL = str.maketrans(
    "從飛機場後週點麼氣們個兩錢張門開還這時間會嗎國東廣龍灣島飯價預遊訂來車鐵線請溫熱雲陽臺廈號買賣貴樣過節帶媽爺兒孫"
    "親戶簽證護險亂邊裡裏頭應該讓與對現覺飲館遠鐘樂傳鄉務議試題歲學準備雙夠問聽說話幾計劃區條寫見並級壓濕颱風華紐約倫"
    "韓爾蘇廳灘圖歡愛關總費貨單換轉訊網紅綠燈麵漢慶瀋濱寧蘭廬閩黃騎駕鬆櫻楓團隊園錯實際體驗涼傘襪褲髮幫"
    "亞達納魯內維賓葉庫賴齋貢賈臘",
    "从飞机场后周点么气们个两钱张门开还这时间会吗国东广龙湾岛饭价预游订来车铁线请温热云阳台厦号买卖贵样过节带妈爷儿孙"
    "亲户签证护险乱边里里头应该让与对现觉饮馆远钟乐传乡务议试题岁学准备双够问听说话几计划区条写见并级压湿台风华纽约伦"
    "韩尔苏厅滩图欢爱关总费货单换转讯网红绿灯面汉庆沈滨宁兰庐闽黄骑驾松樱枫团队园错实际体验凉伞袜裤发帮"
    "亚达纳鲁内维宾叶库赖斋贡贾腊",
)
R = rules.Rules("spelling")


def written_out(text: str) -> str:
    """`text` with phone shorthand spelt out; everything else, Chinese included, as it was."""
    text = re.sub(r"(?i)多少\s*money", "多少钱", text).translate(TRADITIONAL)  # 要多少 money: the price asked
    text = re.sub(r"(?i)(?<=个)\s*weekend", "周末", text)  # 1月最后一个weekend: one language for the phrase
    text = re.sub(r"新年(?:的)?第一天", "元旦", text)  # one name for New Year's Day
    text = re.sub(r"(?i)\bxi\s+an\b", "Xi'an", text)  # "study in xi an": one city, not the word "an"
    text = R.DAYS_RANGE.sub(r"\1\4\2\3\4", text)  # 这个月22到26号: 22号到26号, each end a day
    return _WORD.sub(lambda m: SHORTHAND[m.group(1).lower()], text)
