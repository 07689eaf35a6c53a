<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
  <context>
    <name>TravelAssistant</name>
    <message>
      <source>the model</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>Arguments, exactly as the model sent them:</source>
      <translation>参数（与模型发送的完全一致）：</translation>
    </message>
    <message>
      <source>the model, recovered from text (it wrote this call as text, not as a tool call)</source>
      <translation>模型（从文本中还原：它把这次调用写成了文字，而不是工具调用）</translation>
    </message>
    <message>
      <source>Arguments, as read from the model's text:</source>
      <translation>参数（从模型的文字中读出）：</translation>
    </message>
    <message>
      <source>Arguments, exactly as the App view sent them:</source>
      <translation>参数（与应用视图发送的完全一致）：</translation>
    </message>
    <message>
      <source>Allow this tool call?</source>
      <translation>允许这次工具调用吗？</translation>
    </message>
    <message>
      <source>Reason (optional, told to the model when you deny)</source>
      <translation>理由（可选，拒绝时会告诉模型）</translation>
    </message>
    <message>
      <source>Reason for denying</source>
      <translation>拒绝理由</translation>
    </message>
    <message>
      <source>Optional; told to the model when you deny</source>
      <translation>可不填；拒绝时会告诉模型</translation>
    </message>
    <message>
      <source>Tool:</source>
      <translation>工具：</translation>
    </message>
    <message>
      <source>Asked by:</source>
      <translation>请求方：</translation>
    </message>
    <message>
      <source>Source:</source>
      <translation>来源：</translation>
    </message>
    <message>
      <source>Risk:</source>
      <translation>风险：</translation>
    </message>
    <message>
      <source>Call id:</source>
      <translation>调用 ID：</translation>
    </message>
    <message>
      <source>What it does:</source>
      <translation>作用：</translation>
    </message>
    <message>
      <source>&amp;Allow once</source>
      <translation>允许一次(&amp;A)</translation>
    </message>
    <message>
      <source>Allow for this &amp;conversation</source>
      <translation>本次对话内都允许(&amp;C)</translation>
    </message>
    <message>
      <source>&amp;Deny</source>
      <translation>拒绝(&amp;D)</translation>
    </message>
    <message numerus="yes">
      <source>%n more call(s) waiting for your decision</source>
      <translation>
        <numerusform>还有 %n 个调用等待你的决定</numerusform>
      </translation>
    </message>
    <message>
      <source>an App view of MCP server %1</source>
      <translation>MCP 服务器 %1 的应用视图</translation>
    </message>
    <message>
      <source>No OS sandbox: this command runs with your own permissions.</source>
      <translation>没有系统沙箱：此命令将以你自己的权限运行。</translation>
    </message>
    <message>
      <source>Warning: the arguments contain invisible or direction-changing characters: </source>
      <translation>警告：参数中含有不可见或改变文字方向的字符：</translation>
    </message>
    <message>
      <source>Denied automatically in %1:%2</source>
      <translation>%1:%2 后自动拒绝</translation>
    </message>
    <message>
      <source>Remove the attached resources</source>
      <translation>移除附加的资源</translation>
    </message>
    <message>
      <source>Attached: %1</source>
      <translation>已附加：%1</translation>
    </message>
    <message>
      <source>You</source>
      <translation>你</translation>
    </message>
    <message>
      <source>Assistant</source>
      <translation>助手</translation>
    </message>
    <message>
      <source>Error</source>
      <translation>错误</translation>
    </message>
    <message>
      <source>Copy</source>
      <translation>复制</translation>
    </message>
    <message>
      <source>Copy this message as Markdown</source>
      <translation>以 Markdown 复制这条消息</translation>
    </message>
    <message>
      <source>The message is too long to show here; see it whole as plain text</source>
      <translation>消息太长，这里只显示开头；点击以纯文本查看全文</translation>
    </message>
    <message>
      <source>Show all: %1 more characters…</source>
      <translation>显示全部：还有 %1 个字符…</translation>
    </message>
    <message numerus="yes">
      <source>Show %n earlier message(s)</source>
      <translation>
        <numerusform>显示更早的 %n 条消息</numerusform>
      </translation>
    </message>
    <message>
      <source>(answer cut off)</source>
      <translation>（回答被中断）</translation>
    </message>
    <message>
      <source>Ask about a trip… (Enter sends, Shift+Enter new line)</source>
      <translation>问问旅行的事……（Enter 发送，Shift+Enter 换行）</translation>
    </message>
    <message>
      <source>Message</source>
      <translation>消息</translation>
    </message>
    <message>
      <source>Enter sends, Shift+Enter starts a new line</source>
      <translation>Enter 发送，Shift+Enter 换行</translation>
    </message>
    <message>
      <source>Find in this conversation</source>
      <translation>在此对话中查找</translation>
    </message>
    <message>
      <source>Previous match</source>
      <translation>上一个匹配</translation>
    </message>
    <message>
      <source>Next match</source>
      <translation>下一个匹配</translation>
    </message>
    <message>
      <source>Close the find bar</source>
      <translation>关闭查找栏</translation>
    </message>
    <message>
      <source>No match</source>
      <translation>没有匹配</translation>
    </message>
    <message>
      <source>%1 of %2</source>
      <translation>第 %1 个，共 %2 个</translation>
    </message>
    <message>
      <source>The whole message</source>
      <translation>完整消息</translation>
    </message>
    <message>
      <source>Copy all</source>
      <translation>全部复制</translation>
    </message>
    <message>
      <source>Save to file…</source>
      <translation>保存到文件…</translation>
    </message>
    <message>
      <source>Save the message</source>
      <translation>保存消息</translation>
    </message>
    <message>
      <source>Text (*.md *.txt)</source>
      <translation>文本 (*.md *.txt)</translation>
    </message>
    <message>
      <source>%1 characters, as plain text.</source>
      <translation>共 %1 个字符，以纯文本显示。</translation>
    </message>
    <message>
      <source>New conversation</source>
      <translation>新对话</translation>
    </message>
    <message>
      <source>Search conversations</source>
      <translation>搜索对话</translation>
    </message>
    <message>
      <source>Conversations</source>
      <translation>对话列表</translation>
    </message>
    <message>
      <source>Rename</source>
      <translation>重命名</translation>
    </message>
    <message>
      <source>Delete</source>
      <translation>删除</translation>
    </message>
    <message>
      <source>Export</source>
      <translation>导出</translation>
    </message>
    <message>
      <source>(untitled)</source>
      <translation>（无标题）</translation>
    </message>
    <message>
      <source>Delete conversation</source>
      <translation>删除对话</translation>
    </message>
    <message>
      <source>Export conversation as Python</source>
      <translation>将对话导出为 Python</translation>
    </message>
    <message>
      <source>Markdown (*.md)</source>
      <translation>Markdown (*.md)</translation>
    </message>
    <message>
      <source>JSON (*.json)</source>
      <translation>JSON (*.json)</translation>
    </message>
    <message>
      <source>Python, OpenAI SDK (*.py)</source>
      <translation>Python，OpenAI SDK (*.py)</translation>
    </message>
    <message>
      <source>Python, Anthropic SDK (*.py)</source>
      <translation>Python，Anthropic SDK (*.py)</translation>
    </message>
    <message>
      <source>Export conversation</source>
      <translation>导出对话</translation>
    </message>
    <message>
      <source>Open or start a conversation to export it.</source>
      <translation>先打开或开始一个对话，才能导出。</translation>
    </message>
    <message>
      <source>Python (*.py)</source>
      <translation>Python (*.py)</translation>
    </message>
    <message>
      <source>Delete “%1” and all its messages?</source>
      <translation>删除“%1”及其全部消息？</translation>
    </message>
    <message>
      <source>Could not read the history: %1</source>
      <translation>无法读取历史记录：%1</translation>
    </message>
    <message>
      <source>Fork of “%1”</source>
      <translation>“%1”的分支</translation>
    </message>
    <message>
      <source>Could not export: %1</source>
      <translation>无法导出：%1</translation>
    </message>
    <message numerus="yes">
      <source>%n listing(s)</source>
      <translation>
        <numerusform>%n 条房源</numerusform>
      </translation>
    </message>
    <message>
      <source>⚠ not %1: the link goes to %2</source>
      <translation>⚠ 不是 %1：链接实际指向 %2</translation>
    </message>
    <message>
      <source>picture on %1 (not loaded)</source>
      <translation>%1 上的图片（未加载）</translation>
    </message>
    <message>
      <source>Send</source>
      <translation>发送</translation>
    </message>
    <message>
      <source>Stop</source>
      <translation>停止</translation>
    </message>
    <message>
      <source>Stop the run (Esc)</source>
      <translation>停止本次运行（Esc）</translation>
    </message>
    <message>
      <source>Retry</source>
      <translation>重试</translation>
    </message>
    <message>
      <source>Ask again for the last answer</source>
      <translation>重新生成上一个回答</translation>
    </message>
    <message>
      <source>Settings…</source>
      <translation>设置…</translation>
    </message>
    <message>
      <source>Resources:</source>
      <translation>资源：</translation>
    </message>
    <message>
      <source>Open %1 in the MCP resource browser</source>
      <translation>在 MCP 资源浏览器中打开 %1</translation>
    </message>
    <message>
      <source>Skills</source>
      <translation>技能</translation>
    </message>
    <message>
      <source>No skill</source>
      <translation>不使用技能</translation>
    </message>
    <message>
      <source>Answer without a skill</source>
      <translation>不使用技能直接回答</translation>
    </message>
    <message>
      <source>Deactivate this skill</source>
      <translation>停用此技能</translation>
    </message>
    <message>
      <source>No skills found</source>
      <translation>未找到技能</translation>
    </message>
    <message>
      <source>Tools: %1</source>
      <translation>工具：%1</translation>
    </message>
    <message>
      <source>%1 tokens</source>
      <translation>%1 个 token</translation>
    </message>
    <message>
      <source>Limits: %1</source>
      <translation>限制：%1</translation>
    </message>
    <message>
      <source>Skill: %1</source>
      <translation>技能：%1</translation>
    </message>
    <message>
      <source>Unknown skill: %1</source>
      <translation>未知的技能：%1</translation>
    </message>
    <message>
      <source>native</source>
      <translation>原生</translation>
    </message>
    <message>
      <source>recovered from text</source>
      <translation>从文本中恢复</translation>
    </message>
    <message>
      <source>none</source>
      <translation>无</translation>
    </message>
    <message>
      <source>streaming yes</source>
      <translation>流式：是</translation>
    </message>
    <message>
      <source>streaming no</source>
      <translation>流式：否</translation>
    </message>
    <message>
      <source>cost unknown</source>
      <translation>费用未知</translation>
    </message>
    <message>
      <source>Stopped.</source>
      <translation>已停止。</translation>
    </message>
    <message>
      <source>The run ended with an error.</source>
      <translation>运行因错误而结束。</translation>
    </message>
    <message>
      <source>Offline demo: no API key is set, so a built-in planner answers (sample data, no network). Add a key in Settings to use a real model.</source>
      <translation>离线演示：尚未设置 API 密钥，由内置规划器回答（示例数据，不联网）。在设置中添加密钥即可使用真实模型。</translation>
    </message>
    <message>
      <source>Open Settings</source>
      <translation>打开设置</translation>
    </message>
    <message>
      <source>default</source>
      <translation>默认</translation>
    </message>
    <message>
      <source>The run finished.</source>
      <translation>运行已结束。</translation>
    </message>
    <message>
      <source>scorecard: %1</source>
      <translation>评分：%1</translation>
    </message>
    <message>
      <source>est. $%1</source>
      <translation>约 $%1</translation>
    </message>
    <message>
      <source>Provider: %1 · Model: %2</source>
      <translation>提供商：%1 · 模型：%2</translation>
    </message>
    <message>
      <source>Answer: %1</source>
      <translation>回答：%1</translation>
    </message>
    <message>
      <source>Tool calls: %1 · %2 · %3 s</source>
      <translation>工具调用：%1 · %2 · %3 秒</translation>
    </message>
    <message>
      <source>Tokens: %1 in / %2 out · %3</source>
      <translation>Token：输入 %1 / 输出 %2 · %3</translation>
    </message>
    <message>
      <source>waiting for approval</source>
      <translation>等待确认</translation>
    </message>
    <message>
      <source>running</source>
      <translation>运行中</translation>
    </message>
    <message>
      <source>done</source>
      <translation>完成</translation>
    </message>
    <message>
      <source>error</source>
      <translation>出错</translation>
    </message>
    <message>
      <source>denied</source>
      <translation>已拒绝</translation>
    </message>
    <message>
      <source>cancelled</source>
      <translation>已取消</translation>
    </message>
    <message>
      <source>Click to show the JSON and select it in the inspector</source>
      <translation>点击查看 JSON，并在检查器中选中</translation>
    </message>
    <message>
      <source>recovered from text: the model wrote this call as text</source>
      <translation>从文本还原：模型把这次调用写成了文字</translation>
    </message>
    <message numerus="yes">
      <source>%n call(s) waiting for your decision</source>
      <translation>
        <numerusform>%n 个调用等待你的决定</numerusform>
      </translation>
    </message>
    <message>
      <source>Could not open: %1</source>
      <translation>无法打开：%1</translation>
    </message>
    <message>
      <source>(still running)</source>
      <translation>（仍在运行）</translation>
    </message>
    <message>
      <source>built-in</source>
      <translation>内置</translation>
    </message>
    <message>
      <source>started {start}, took {duration}</source>
      <translation>开始于 {start}，耗时 {duration}</translation>
    </message>
    <message>
      <source>Arguments</source>
      <translation>参数</translation>
    </message>
    <message>
      <source>Result</source>
      <translation>结果</translation>
    </message>
    <message>
      <source>Copy id</source>
      <translation>复制 ID</translation>
    </message>
    <message>
      <source>The model's text the call was read from</source>
      <translation>读出这次调用的模型原文</translation>
    </message>
    <message>
      <source>Source</source>
      <translation>来源</translation>
    </message>
    <message>
      <source>Risk</source>
      <translation>风险</translation>
    </message>
    <message>
      <source>Status</source>
      <translation>状态</translation>
    </message>
    <message>
      <source>Timing</source>
      <translation>时间</translation>
    </message>
    <message>
      <source>Call id</source>
      <translation>调用 ID</translation>
    </message>
    <message>
      <source>Result id</source>
      <translation>结果 ID</translation>
    </message>
    <message>
      <source>Pairing</source>
      <translation>配对</translation>
    </message>
    <message>
      <source>Approval</source>
      <translation>确认</translation>
    </message>
    <message>
      <source>Progress</source>
      <translation>进度</translation>
    </message>
    <message>
      <source>approved</source>
      <translation>已批准</translation>
    </message>
    <message>
      <source>the user</source>
      <translation>用户</translation>
    </message>
    <message>
      <source>policy</source>
      <translation>策略</translation>
    </message>
    <message>
      <source>Request body</source>
      <translation>请求体</translation>
    </message>
    <message>
      <source>Response body</source>
      <translation>响应体</translation>
    </message>
    <message>
      <source>Stop reason</source>
      <translation>停止原因</translation>
    </message>
    <message>
      <source>Tokens</source>
      <translation>Tokens</translation>
    </message>
    <message>
      <source>Endpoint</source>
      <translation>接口</translation>
    </message>
    <message>
      <source>Streamed</source>
      <translation>流式</translation>
    </message>
    <message>
      <source>No request or response bodies: this provider does not report its wire data (the offline and scripted models talk to no API).</source>
      <translation>没有请求体和响应体：这个 provider 不报告线上数据（离线和脚本模型不调用任何 API）。</translation>
    </message>
    <message>
      <source>Frame</source>
      <translation>框架</translation>
    </message>
    <message>
      <source>Read as</source>
      <translation>读作</translation>
    </message>
    <message>
      <source>Read by</source>
      <translation>读取方式</translation>
    </message>
    <message>
      <source>Reading</source>
      <translation>理解</translation>
    </message>
    <message>
      <source>How the offline planner read the question before planning its calls; an empty slot was not said.</source>
      <translation>离线规划器在安排调用之前如何理解这个问题；空着的项表示问题里没有提到。</translation>
    </message>
    <message>
      <source>MCP server “{name}”</source>
      <translation>MCP 服务器“{name}”</translation>
    </message>
    <message>
      <source>Run again</source>
      <translation>再运行一次</translation>
    </message>
    <message>
      <source>Run the tool again with the same arguments, in a fork</source>
      <translation>用相同参数再运行一次工具（在分支对话中）</translation>
    </message>
    <message>
      <source>Edit arguments and run…</source>
      <translation>编辑参数并运行…</translation>
    </message>
    <message>
      <source>Change the arguments, run the tool, and let the model continue, in a fork</source>
      <translation>修改参数、运行工具，然后让模型继续（在分支对话中）</translation>
    </message>
    <message>
      <source>Edit result and continue…</source>
      <translation>编辑结果并继续…</translation>
    </message>
    <message>
      <source>Change the result the model reads and re-run its turn, in a fork</source>
      <translation>修改模型读到的结果，并重新运行它这一轮（在分支对话中）</translation>
    </message>
    <message>
      <source>(unknown tool)</source>
      <translation>（未知工具）</translation>
    </message>
    <message>
      <source>(none: no call had this result's id)</source>
      <translation>（无：没有调用使用这个结果的 ID）</translation>
    </message>
    <message>
      <source>(no result yet)</source>
      <translation>（尚无结果）</translation>
    </message>
    <message>
      <source>waiting for the result</source>
      <translation>等待结果</translation>
    </message>
    <message>
      <source>{decision} by {by}</source>
      <translation>{by}{decision}</translation>
    </message>
    <message>
      <source>Recovered from text: the model wrote this call in its answer; it was read from:</source>
      <translation>从文本中恢复：模型把这次调用写在了回答里，原文如下：</translation>
    </message>
    <message>
      <source>The model's arguments were not valid JSON; the raw text is shown.</source>
      <translation>模型给出的参数不是合法 JSON，下面显示原文。</translation>
    </message>
    <message>
      <source>Result (error)</source>
      <translation>结果（错误）</translation>
    </message>
    <message>
      <source>(an image that could not be decoded)</source>
      <translation>（无法解码的图片）</translation>
    </message>
    <message>
      <source>✓ result id matches the call id</source>
      <translation>✓ 结果 ID 与调用 ID 一致</translation>
    </message>
    <message>
      <source>✗ result id does not match any call</source>
      <translation>✗ 结果 ID 不对应任何调用</translation>
    </message>
    <message>
      <source>not needed</source>
      <translation>不需要</translation>
    </message>
    <message>
      <source>waiting for your decision</source>
      <translation>等待你的决定</translation>
    </message>
    <message>
      <source>Turn {n} · model call</source>
      <translation>第 {n} 轮 · 模型调用</translation>
    </message>
    <message>
      <source>{d} text deltas, {c} characters; {s} wire chunks</source>
      <translation>{d} 个文本增量，{c} 个字符；{s} 个线上分块</translation>
    </message>
    <message>
      <source>read at {start}</source>
      <translation>读于 {start}</translation>
    </message>
    <message>
      <source>{i} input / {o} output</source>
      <translation>输入 {i} / 输出 {o}</translation>
    </message>
    <message>
      <source>Inspector</source>
      <translation>检查器</translation>
    </message>
    <message>
      <source>Select a model turn or a tool call</source>
      <translation>选择一轮模型调用或一次工具调用</translation>
    </message>
    <message>
      <source>Timeline</source>
      <translation>时间线</translation>
    </message>
    <message>
      <source>Model turns and tool calls; arrow keys move between them</source>
      <translation>模型轮次与工具调用；用方向键在其间移动</translation>
    </message>
    <message>
      <source>Inspector views</source>
      <translation>检查器视图</translation>
    </message>
    <message>
      <source>Sequence</source>
      <translation>时序图</translation>
    </message>
    <message>
      <source>Run JSON (*.json)</source>
      <translation>运行记录 JSON (*.json)</translation>
    </message>
    <message>
      <source>Export JSON…</source>
      <translation>导出 JSON…</translation>
    </message>
    <message>
      <source>Save this run, every event with its time</source>
      <translation>保存这次运行：每个事件及其时间</translation>
    </message>
    <message>
      <source>Open run…</source>
      <translation>打开运行记录…</translation>
    </message>
    <message>
      <source>Show a run saved with Export JSON</source>
      <translation>显示用“导出 JSON”保存的运行记录</translation>
    </message>
    <message>
      <source>Clear</source>
      <translation>清空</translation>
    </message>
    <message>
      <source>Forget this run</source>
      <translation>清除这次运行</translation>
    </message>
    <message>
      <source>No run yet</source>
      <translation>尚无运行</translation>
    </message>
    <message>
      <source>Export run as JSON</source>
      <translation>将运行导出为 JSON</translation>
    </message>
    <message>
      <source>Open run</source>
      <translation>打开运行记录</translation>
    </message>
    <message>
      <source>{provider} · {model} — {turns} turns · {calls} tool calls · {tin} in / {tout} out tokens · {elapsed}</source>
      <translation>{provider} · {model} — {turns} 轮 · {calls} 次工具调用 · 输入 {tin} / 输出 {tout} tokens · {elapsed}</translation>
    </message>
    <message>
      <source>Run failed ({kind}): {message}</source>
      <translation>运行失败（{kind}）：{message}</translation>
    </message>
    <message>
      <source>Saved calls, as recorded (no timings)</source>
      <translation>已保存的调用（按记录显示，无计时）</translation>
    </message>
    <message>
      <source>Running…</source>
      <translation>运行中…</translation>
    </message>
    <message>
      <source>Finished after {n} model calls ({reason})</source>
      <translation>共 {n} 次模型调用后完成（{reason}）</translation>
    </message>
    <message>
      <source>Could not save {path}: {error}</source>
      <translation>无法保存 {path}：{error}</translation>
    </message>
    <message>
      <source>Could not open {path}: {error}</source>
      <translation>无法打开 {path}：{error}</translation>
    </message>
    <message>
      <source>Could not show {path}: {error}</source>
      <translation>无法显示 {path}：{error}</translation>
    </message>
    <message>
      <source>string</source>
      <translation>字符串</translation>
    </message>
    <message>
      <source>number</source>
      <translation>数字</translation>
    </message>
    <message>
      <source>boolean</source>
      <translation>布尔</translation>
    </message>
    <message>
      <source>null</source>
      <translation>null</translation>
    </message>
    <message>
      <source>object</source>
      <translation>对象</translation>
    </message>
    <message>
      <source>array</source>
      <translation>数组</translation>
    </message>
    <message>
      <source>json-string</source>
      <translation>JSON 字符串</translation>
    </message>
    <message>
      <source>Key</source>
      <translation>键</translation>
    </message>
    <message>
      <source>Value</source>
      <translation>值</translation>
    </message>
    <message>
      <source>Type</source>
      <translation>类型</translation>
    </message>
    <message>
      <source>Tree</source>
      <translation>树</translation>
    </message>
    <message>
      <source>Raw</source>
      <translation>原文</translation>
    </message>
    <message>
      <source>Decode nested JSON</source>
      <translation>解析嵌套 JSON</translation>
    </message>
    <message>
      <source>Show strings that hold JSON as parsed JSON</source>
      <translation>把内含 JSON 的字符串显示为解析后的 JSON</translation>
    </message>
    <message>
      <source>Copy the raw JSON to the clipboard</source>
      <translation>把原始 JSON 复制到剪贴板</translation>
    </message>
    <message>
      <source>JSON in a string ({n} chars)</source>
      <translation>字符串中的 JSON（{n} 个字符）</translation>
    </message>
    <message>
      <source>How the JSON below is shown</source>
      <translation>下方 JSON 的显示方式</translation>
    </message>
    <message>
      <source>{title} as a tree</source>
      <translation>{title}（树形）</translation>
    </message>
    <message>
      <source>{title} as raw JSON</source>
      <translation>{title}（原始 JSON）</translation>
    </message>
    <message>
      <source>Copy {title}</source>
      <translation>复制{title}</translation>
    </message>
    <message>
      <source>rules</source>
      <translation>规则</translation>
    </message>
    <message>
      <source>a place to be picked</source>
      <translation>待选的地方</translation>
    </message>
    <message>
      <source>nothing about a trip was read</source>
      <translation>没有读到与行程有关的内容</translation>
    </message>
    <message numerus="yes">
      <source>%n adult(s)</source>
      <translation>
        <numerusform>%n 位成人</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n child(ren)</source>
      <translation>
        <numerusform>%n 个孩子</numerusform>
      </translation>
    </message>
    <message>
      <source>, </source>
      <translation>，</translation>
    </message>
    <message numerus="yes">
      <source>%n night(s)</source>
      <translation>
        <numerusform>%n 晚</numerusform>
      </translation>
    </message>
    <message>
      <source>budget {amount}</source>
      <translation>预算 {amount}</translation>
    </message>
    <message>
      <source>rules; what is asked by the learned second look ({percent}% sure)</source>
      <translation>规则；所问内容由学习所得的复核判断（把握 {percent}%）</translation>
    </message>
    <message>
      <source>{place} ({nights})</source>
      <translation>{place}（{nights}）</translation>
    </message>
    <message>
      <source>{place} (assumed)</source>
      <translation>{place}（假定）</translation>
    </message>
    <message>
      <source>from {place}</source>
      <translation>从{place}出发</translation>
    </message>
    <message>
      <source>budget {amount} per person</source>
      <translation>预算人均 {amount}</translation>
    </message>
    <message>
      <source>messages + tools schema</source>
      <translation>messages + tools schema</translation>
    </message>
    <message>
      <source>messages + tool results</source>
      <translation>messages + 工具结果</translation>
    </message>
    <message>
      <source>your code runs it</source>
      <translation>你的代码执行函数</translation>
    </message>
    <message>
      <source>inference</source>
      <translation>推理</translation>
    </message>
    <message>
      <source>response</source>
      <translation>response</translation>
    </message>
    <message>
      <source>POST {url}</source>
      <translation>POST {url}</translation>
    </message>
    <message>
      <source>turn {n}</source>
      <translation>第 {n} 轮</translation>
    </message>
    <message>
      <source>final answer</source>
      <translation>最终回答</translation>
    </message>
    <message>
      <source> · {i} in / {o} out tokens</source>
      <translation> · 输入 {i} / 输出 {o} tokens</translation>
    </message>
    <message>
      <source>error: {message}</source>
      <translation>错误：{message}</translation>
    </message>
    <message>
      <source>tool_calls JSON ({n})</source>
      <translation>tool_calls JSON（{n} 个）</translation>
    </message>
    <message>
      <source>Run {r}</source>
      <translation>第 {r} 次运行</translation>
    </message>
    <message>
      <source>Inspector: &amp;Timeline</source>
      <translation>检查器：时间线(&amp;T)</translation>
    </message>
    <message>
      <source>Inspector: &amp;Sequence</source>
      <translation>检查器：时序图(&amp;S)</translation>
    </message>
    <message>
      <source>Tool definitions</source>
      <translation>工具定义</translation>
    </message>
    <message>
      <source>Inspector: Tool &amp;definitions</source>
      <translation>检查器：工具定义(&amp;D)</translation>
    </message>
    <message>
      <source>Step</source>
      <translation>步骤</translation>
    </message>
    <message>
      <source>Start</source>
      <translation>开始</translation>
    </message>
    <message>
      <source>Duration</source>
      <translation>耗时</translation>
    </message>
    <message>
      <source>Turn {n} · model</source>
      <translation>第 {n} 轮 · 模型</translation>
    </message>
    <message>
      <source>Reading · {summary}</source>
      <translation>理解 · {summary}</translation>
    </message>
    <message>
      <source>Run {r} · </source>
      <translation>第 {r} 次运行 · </translation>
    </message>
    <message>
      <source>Tools</source>
      <translation>工具</translation>
    </message>
    <message>
      <source>No tool definitions yet: they appear when a run starts.</source>
      <translation>还没有工具定义：运行开始时会显示。</translation>
    </message>
    <message>
      <source>Differences between the OpenAI and Anthropic definitions</source>
      <translation>OpenAI 与 Anthropic 定义的差异</translation>
    </message>
    <message>
      <source>Mapped by the providers' tool_to_wire</source>
      <translation>由各 provider 的 tool_to_wire 映射</translation>
    </message>
    <message>
      <source>flat</source>
      <translation>直接平铺</translation>
    </message>
    <message>
      <source>Schema field</source>
      <translation>参数定义字段</translation>
    </message>
    <message>
      <source>Wrapper</source>
      <translation>外层包装</translation>
    </message>
    <message>
      <source>Arguments returned as</source>
      <translation>参数返回格式</translation>
    </message>
    <message>
      <source>JSON string (json.loads)</source>
      <translation>JSON 字符串（要 json.loads）</translation>
    </message>
    <message>
      <source>JSON object</source>
      <translation>JSON 对象（直接可用）</translation>
    </message>
    <message>
      <source>Result sent as</source>
      <translation>结果回传角色</translation>
    </message>
    <message>
      <source>role: "user" + tool_result</source>
      <translation>role: "user" 内嵌 tool_result</translation>
    </message>
    <message>
      <source>Call id prefix</source>
      <translation>调用 ID 前缀</translation>
    </message>
    <message>
      <source>{name} · source: {source} · risk: {risk} · status: {status}</source>
      <translation>{name} · 来源：{source} · 风险：{risk} · 状态：{status}</translation>
    </message>
    <message>
      <source>nested in {key}</source>
      <translation>套一层 {key}</translation>
    </message>
    <message>
      <source>Runs the tool as you, like `tools call`; tools that write ask first.</source>
      <translation>以你的身份运行工具，和 `tools call` 一样；会写入的工具会先征求确认。</translation>
    </message>
    <message>
      <source>Call</source>
      <translation>调用</translation>
    </message>
    <message>
      <source>Call the tool with these arguments</source>
      <translation>用这些参数调用工具</translation>
    </message>
    <message>
      <source>This tool is held back until you approve its definition.</source>
      <translation>在你批准它的定义之前，这个工具被暂停使用。</translation>
    </message>
    <message>
      <source>Error result</source>
      <translation>错误结果</translation>
    </message>
    <message>
      <source>Result received</source>
      <translation>已收到结果</translation>
    </message>
    <message>
      <source>Try {name}</source>
      <translation>试用 {name}</translation>
    </message>
    <message>
      <source>Calling {name}…</source>
      <translation>正在调用 {name}…</translation>
    </message>
    <message>
      <source>Please fill in: {names}</source>
      <translation>请填写：{names}</translation>
    </message>
    <message>
      <source>Travel Assistant</source>
      <translation>旅行助手</translation>
    </message>
    <message>
      <source>Language: %1 (messages already shown keep their language)</source>
      <translation>语言：%1（已显示的消息保持原来的语言）</translation>
    </message>
    <message>
      <source>Saved %1</source>
      <translation>已保存 %1</translation>
    </message>
    <message>
      <source>Name</source>
      <translation>名称</translation>
    </message>
    <message>
      <source>Description</source>
      <translation>说明</translation>
    </message>
    <message>
      <source>Version</source>
      <translation>版本</translation>
    </message>
    <message>
      <source>Author</source>
      <translation>作者</translation>
    </message>
    <message>
      <source>Server</source>
      <translation>服务器</translation>
    </message>
    <message>
      <source>It runs</source>
      <translation>运行的命令</translation>
    </message>
    <message>
      <source>Environment</source>
      <translation>环境变量</translation>
    </message>
    <message>
      <source>It asks for</source>
      <translation>需要填写</translation>
    </message>
    <message>
      <source>Files</source>
      <translation>文件</translation>
    </message>
    <message>
      <source>Its tools are pinned on first connect; changed definitions are held back for your review.</source>
      <translation>首次连接时会固定它的工具定义；定义变化时会暂停，等你审核。</translation>
    </message>
    <message>
      <source>Install MCP bundle</source>
      <translation>安装 MCP 扩展包</translation>
    </message>
    <message>
      <source>Publisher: the same; tool trust and allowances are kept</source>
      <translation>发布者：相同；工具信任和许可保留</translation>
    </message>
    <message>
      <source>Publisher: ANOTHER one; the installed bundle's tool trust, allowances and secrets go</source>
      <translation>发布者：另一个；已安装扩展包的工具信任、许可和密钥将被移除</translation>
    </message>
    <message>
      <source>Install</source>
      <translation>安装</translation>
    </message>
    <message>
      <source>Cancel</source>
      <translation>取消</translation>
    </message>
    <message>
      <source>MCP bundles (*.mcpb *.dxt)</source>
      <translation>MCP 扩展包 (*.mcpb *.dxt)</translation>
    </message>
    <message>
      <source>Replaces: the installed %1</source>
      <translation>替换：已安装的 %1</translation>
    </message>
    <message>
      <source>With: %1</source>
      <translation>换为：%1</translation>
    </message>
    <message>
      <source>%1 looks like a secret, but the bundle runs it in its command line: plain text in %2.</source>
      <translation>%1 看起来是密钥，但扩展包把它放在命令行中：将以明文写入 %2。</translation>
    </message>
    <message>
      <source>It looks like a secret, though the bundle does not mark it sensitive.</source>
      <translation>它看起来是密钥，尽管扩展包没有将其标为敏感。</translation>
    </message>
    <message>
      <source>kept in the keyring only</source>
      <translation>仅保存在系统钥匙串中</translation>
    </message>
    <message>
      <source>Changed: %1</source>
      <translation>变更：%1</translation>
    </message>
    <message>
      <source>Replace the installed bundle %1</source>
      <translation>替换已安装的扩展包 %1</translation>
    </message>
    <message>
      <source>Keep %1 in the keyring, not in mcp.json</source>
      <translation>将 %1 保存在钥匙串中，而不是 mcp.json</translation>
    </message>
    <message>
      <source>%1: nothing was changed; rename or remove your entry first.</source>
      <translation>%1：未做任何更改；请先重命名或删除您的条目。</translation>
    </message>
    <message>
      <source>Nothing was installed: %1</source>
      <translation>未安装任何内容：%1</translation>
    </message>
    <message>
      <source>Server %1 wants this sent to %2 (on your account). Approve only if you expect it.</source>
      <translation>服务器 %1 想把以下内容发送给 %2（使用你的账户）。仅在你预期如此时批准。</translation>
    </message>
    <message>
      <source>MCP server %1 asks for the secret %2, stored in the keyring for it.</source>
      <translation>MCP 服务器 %1 需要密钥 %2（已为它保存在密钥环中）。</translation>
    </message>
    <message>
      <source>Send it only if you expect this server to need it. You are asked again if it changes.</source>
      <translation>仅在你确认此服务器需要它时才发送。目的地变化时会再次询问。</translation>
    </message>
    <message>
      <source>An MCP server asks for information</source>
      <translation>MCP 服务器请求信息</translation>
    </message>
    <message>
      <source>An MCP server asks to use your model</source>
      <translation>MCP 服务器请求使用你的模型</translation>
    </message>
    <message>
      <source>Send a stored secret to an MCP server?</source>
      <translation>要把保存的密钥发送给 MCP 服务器吗？</translation>
    </message>
    <message>
      <source>A tool's definition changed</source>
      <translation>工具定义已变更</translation>
    </message>
    <message>
      <source>Tool %1 is new on server %2, which you already trusted.</source>
      <translation>工具 %1 是你已信任的服务器 %2 上新出现的。</translation>
    </message>
    <message>
      <source>Tool %1 on server %2 changed since you approved it.</source>
      <translation>服务器 %2 上的工具 %1 在你批准后已变更。</translation>
    </message>
    <message>
      <source>Approved before</source>
      <translation>之前批准的</translation>
    </message>
    <message>
      <source>Offered now</source>
      <translation>现在提供的</translation>
    </message>
    <message>
      <source>Server: %1</source>
      <translation>服务器：%1</translation>
    </message>
    <message>
      <source>* required. Only what you enter here is sent to the server.</source>
      <translation>* 为必填。只有你在此填写的内容会发送给服务器。</translation>
    </message>
    <message>
      <source>Decline</source>
      <translation>拒绝</translation>
    </message>
    <message>
      <source>Approve and send</source>
      <translation>批准并发送</translation>
    </message>
    <message>
      <source>Deny</source>
      <translation>拒绝</translation>
    </message>
    <message>
      <source>Send it</source>
      <translation>发送</translation>
    </message>
    <message>
      <source>Don't send</source>
      <translation>不发送</translation>
    </message>
    <message>
      <source>Approve new definition</source>
      <translation>批准新定义</translation>
    </message>
    <message>
      <source>Keep blocked</source>
      <translation>保持阻止</translation>
    </message>
    <message>
      <source>Reload</source>
      <translation>重新加载</translation>
    </message>
    <message>
      <source>Close</source>
      <translation>关闭</translation>
    </message>
    <message>
      <source>(the log is empty)</source>
      <translation>（日志为空）</translation>
    </message>
    <message>
      <source>Changed since you allowed it: %1</source>
      <translation>自您允许以来的变更：%1</translation>
    </message>
    <message>
      <source>It stays blocked until you approve it.</source>
      <translation>在你批准之前，它将一直被阻止。</translation>
    </message>
    <message>
      <source>Warnings: </source>
      <translation>警告：</translation>
    </message>
    <message>
      <source>Log of MCP server %1</source>
      <translation>MCP 服务器 %1 的日志</translation>
    </message>
    <message>
      <source>Please fill in: %1</source>
      <translation>请填写：%1</translation>
    </message>
    <message>
      <source>It would be sent as %1 to:</source>
      <translation>它将以 %1 的形式发送到：</translation>
    </message>
    <message>
      <source>The log cannot be read: %1</source>
      <translation>无法读取日志：%1</translation>
    </message>
    <message>
      <source>Add a travel connector</source>
      <translation>添加旅行连接器</translation>
    </message>
    <message>
      <source>Connectors</source>
      <translation>连接器</translation>
    </message>
    <message>
      <source>Add</source>
      <translation>添加</translation>
    </message>
    <message>
      <source>What it does: %1</source>
      <translation>功能：%1</translation>
    </message>
    <message>
      <source>Data from: %1</source>
      <translation>数据来源：%1</translation>
    </message>
    <message>
      <source>What leaves this computer: %1</source>
      <translation>会发出本机的数据：%1</translation>
    </message>
    <message>
      <source>Homepage: %1</source>
      <translation>主页：%1</translation>
    </message>
    <message>
      <source>It runs: %1</source>
      <translation>运行命令：%1</translation>
    </message>
    <message>
      <source>Needs a key (%1), kept in the keyring only; get one at %2</source>
      <translation>需要密钥（%1），只保存在系统钥匙串中；可在 %2 获取</translation>
    </message>
    <message>
      <source> (added)</source>
      <translation>（已添加）</translation>
    </message>
    <message>
      <source>%1 (optional now; kept in the keyring)</source>
      <translation>%1（现在可不填；保存在系统钥匙串中）</translation>
    </message>
    <message>
      <source>MCP tool changes</source>
      <translation>MCP 工具变更</translation>
    </message>
    <message numerus="yes">
      <source>%n MCP tool(s) changed: review</source>
      <translation>
        <numerusform>%n 个 MCP 工具已变更：请审阅</numerusform>
      </translation>
    </message>
    <message>
      <source>Prompts</source>
      <translation>提示词</translation>
    </message>
    <message>
      <source>No server offers prompts.</source>
      <translation>没有服务器提供提示词。</translation>
    </message>
    <message>
      <source>Loading…</source>
      <translation>正在加载…</translation>
    </message>
    <message>
      <source>MCP resources</source>
      <translation>MCP 资源</translation>
    </message>
    <message>
      <source>Resources</source>
      <translation>资源</translation>
    </message>
    <message>
      <source>Resource URI</source>
      <translation>资源 URI</translation>
    </message>
    <message>
      <source>Choose a resource, or a template and fill in its {placeholders}</source>
      <translation>选择一个资源，或选择一个模板并填写其中的 {占位符}</translation>
    </message>
    <message>
      <source>Open</source>
      <translation>打开</translation>
    </message>
    <message>
      <source>The resource's text</source>
      <translation>资源内容</translation>
    </message>
    <message>
      <source>Attach to conversation</source>
      <translation>附加到对话</translation>
    </message>
    <message>
      <source>No server offers resources.</source>
      <translation>没有服务器提供资源。</translation>
    </message>
    <message>
      <source>Run</source>
      <translation>运行</translation>
    </message>
    <message>
      <source>Could not list resources.</source>
      <translation>无法列出资源。</translation>
    </message>
    <message numerus="yes">
      <source>%n resource(s)</source>
      <translation>
        <numerusform>%n 个资源</numerusform>
      </translation>
    </message>
    <message>
      <source>Could not read this resource.</source>
      <translation>无法读取此资源。</translation>
    </message>
    <message>
      <source>Prompt %1</source>
      <translation>提示词 %1</translation>
    </message>
    <message>
      <source>Required: %1</source>
      <translation>必填：%1</translation>
    </message>
    <message>
      <source>%1 · %2 (template)</source>
      <translation>%1 · %2（模板）</translation>
    </message>
    <message>
      <source>Name:</source>
      <translation>名称：</translation>
    </message>
    <message>
      <source>Program (stdio)</source>
      <translation>程序（stdio）</translation>
    </message>
    <message>
      <source>URL (streamable HTTP or SSE)</source>
      <translation>URL（可流式 HTTP 或 SSE）</translation>
    </message>
    <message>
      <source>Kind:</source>
      <translation>类型：</translation>
    </message>
    <message>
      <source>Command:</source>
      <translation>命令：</translation>
    </message>
    <message>
      <source>Arguments:</source>
      <translation>参数：</translation>
    </message>
    <message>
      <source>Environment:</source>
      <translation>环境变量：</translation>
    </message>
    <message>
      <source>Working folder:</source>
      <translation>工作目录：</translation>
    </message>
    <message>
      <source>URL:</source>
      <translation>URL：</translation>
    </message>
    <message>
      <source>Headers:</source>
      <translation>请求头：</translation>
    </message>
    <message>
      <source>Enabled</source>
      <translation>启用</translation>
    </message>
    <message>
      <source>Trust this server: its read-only tools run without asking</source>
      <translation>信任此服务器：其只读工具无需询问即可运行</translation>
    </message>
    <message>
      <source>The server itself says which of its tools only read. Tick this only for a server you trust: a dishonest one could mark a tool that changes or sends your data as read-only, and it would then run without asking you. Tools not marked read-only always ask.</source>
      <translation>哪些工具是只读的，由服务器自己声明。只对你信任的服务器勾选此项：不诚实的服务器可能把会修改或发送你数据的工具标为只读，这样它就会在不询问你的情况下运行。未标为只读的工具始终会询问。</translation>
    </message>
    <message>
      <source>Call timeout:</source>
      <translation>调用超时：</translation>
    </message>
    <message>
      <source>Save</source>
      <translation>保存</translation>
    </message>
    <message>
      <source>Edit MCP server</source>
      <translation>编辑 MCP 服务器</translation>
    </message>
    <message>
      <source>Add MCP server</source>
      <translation>添加 MCP 服务器</translation>
    </message>
    <message>
      <source>Headers</source>
      <translation>请求头</translation>
    </message>
    <message>
      <source>%1, line %2: expected NAME%3VALUE</source>
      <translation>%1，第 %2 行：应为 名称%3值</translation>
    </message>
    <message>
      <source>A server named %1 already exists.</source>
      <translation>已存在名为 %1 的服务器。</translation>
    </message>
    <message>
      <source>Arguments: %1</source>
      <translation>参数：%1</translation>
    </message>
    <message>
      <source>MCP servers</source>
      <translation>MCP 服务器</translation>
    </message>
    <message>
      <source>Server details</source>
      <translation>服务器详情</translation>
    </message>
    <message>
      <source>You already have a server named %1: the connector was added as %2.</source>
      <translation>你已有名为 %1 的服务器：这个连接器以 %2 的名字添加。</translation>
    </message>
    <message>
      <source>connecting…</source>
      <translation>连接中…</translation>
    </message>
    <message>
      <source>ready</source>
      <translation>就绪</translation>
    </message>
    <message>
      <source>failed</source>
      <translation>失败</translation>
    </message>
    <message>
      <source>disabled</source>
      <translation>已停用</translation>
    </message>
    <message>
      <source>stopped</source>
      <translation>已停止</translation>
    </message>
    <message>
      <source>Add…</source>
      <translation>添加…</translation>
    </message>
    <message>
      <source>Add from gallery…</source>
      <translation>从连接器库添加…</translation>
    </message>
    <message>
      <source>Edit…</source>
      <translation>编辑…</translation>
    </message>
    <message>
      <source>Remove</source>
      <translation>删除</translation>
    </message>
    <message>
      <source>Enable / disable</source>
      <translation>启用 / 停用</translation>
    </message>
    <message>
      <source>Restart</source>
      <translation>重启</translation>
    </message>
    <message>
      <source>Show log</source>
      <translation>查看日志</translation>
    </message>
    <message>
      <source>Review changes…</source>
      <translation>审阅变更…</translation>
    </message>
    <message numerus="yes">
      <source>%n tool(s)</source>
      <translation>
        <numerusform>%n 个工具</numerusform>
      </translation>
    </message>
    <message numerus="yes">
      <source>%n changed tool(s) blocked</source>
      <translation>
        <numerusform>%n 个已变更的工具被阻止</numerusform>
      </translation>
    </message>
    <message>
      <source>Servers are saved in %1; changes apply at once.</source>
      <translation>服务器保存在 %1；修改立即生效。</translation>
    </message>
    <message>
      <source>This server asks you to sign in: press Sign in…</source>
      <translation>此服务器要求您登录：请按“登录…”</translation>
    </message>
    <message>
      <source>Last lines on stderr:</source>
      <translation>stderr 最后几行：</translation>
    </message>
    <message>
      <source>starting…</source>
      <translation>启动中…</translation>
    </message>
    <message>
      <source>not started</source>
      <translation>未启动</translation>
    </message>
    <message>
      <source>State:</source>
      <translation>状态：</translation>
    </message>
    <message>
      <source>Warning:</source>
      <translation>警告：</translation>
    </message>
    <message>
      <source>Servers from %1 are shown but edited in that file.</source>
      <translation>来自 %1 的服务器在此显示，但需在该文件中编辑。</translation>
    </message>
    <message>
      <source>Server:</source>
      <translation>服务器：</translation>
    </message>
    <message>
      <source>Reason:</source>
      <translation>原因：</translation>
    </message>
    <message>
      <source>Tools:</source>
      <translation>工具：</translation>
    </message>
    <message>
      <source>Blocked until approved:</source>
      <translation>批准前被阻止：</translation>
    </message>
    <message>
      <source>Could not save: %1</source>
      <translation>无法保存：%1</translation>
    </message>
    <message>
      <source>%1 comes from %2: edit it there.</source>
      <translation>%1 来自 %2：请在那里编辑。</translation>
    </message>
    <message>
      <source>Sign in…</source>
      <translation>登录…</translation>
    </message>
    <message>
      <source>Sign in to this remote server in your browser (OAuth); tokens go to the keyring</source>
      <translation>在浏览器中登录此远程服务器（OAuth）；令牌保存在密钥环中</translation>
    </message>
    <message>
      <source>Sign out</source>
      <translation>退出登录</translation>
    </message>
    <message>
      <source>Forget this server's sign-in (its tokens in the keyring)</source>
      <translation>忘记此服务器的登录（删除密钥环中的令牌）</translation>
    </message>
    <message>
      <source>Signing in to %1: finish in your browser…</source>
      <translation>正在登录 %1：请在浏览器中完成…</translation>
    </message>
    <message>
      <source>Signed in to %1; reconnecting with the new token.</source>
      <translation>已登录 %1；正在使用新令牌重新连接。</translation>
    </message>
    <message>
      <source>Signed out of %1; its tokens were removed from the keyring.</source>
      <translation>已退出 %1；其令牌已从密钥环中删除。</translation>
    </message>
    <message>
      <source>No sign-in was kept for %1.</source>
      <translation>没有保存 %1 的登录。</translation>
    </message>
    <message>
      <source>Sign-in to %1 failed: %2</source>
      <translation>登录 %1 失败：%2</translation>
    </message>
    <message>
      <source>Installed the MCP bundle %1.</source>
      <translation>已安装 MCP 扩展包 %1。</translation>
    </message>
    <message>
      <source>The prompt was empty.</source>
      <translation>提示词为空。</translation>
    </message>
    <message>
      <source>No MCP prompt /%1:%2</source>
      <translation>没有 MCP 提示词 /%1:%2</translation>
    </message>
    <message>
      <source>%1 has an interactive view; install the 'apps' extra to see it</source>
      <translation>%1 有交互视图；安装 “apps” 扩展即可查看</translation>
    </message>
    <message>
      <source>%1 — interactive view from MCP server “%2”</source>
      <translation>%1 — 来自 MCP 服务器 “%2” 的交互视图</translation>
    </message>
    <message>
      <source>Close this view</source>
      <translation>关闭此视图</translation>
    </message>
    <message>
      <source>MCP App messages</source>
      <translation>MCP 应用消息</translation>
    </message>
    <message>
      <source>The selected MCP App message</source>
      <translation>所选的 MCP 应用消息</translation>
    </message>
    <message>
      <source>MCP App (ui://) messages: ← from the view, → to the view</source>
      <translation>MCP 应用（ui://）消息：← 来自视图，→ 发往视图</translation>
    </message>
    <message>
      <source>Forked into a new conversation; the original is kept.</source>
      <translation>已分支为新对话；原对话保留不变。</translation>
    </message>
    <message>
      <source>Replay needs a saved conversation and no run going.</source>
      <translation>重放需要一个已保存的对话，且当前没有正在进行的运行。</translation>
    </message>
    <message>
      <source>The arguments must be a JSON object ({…}).</source>
      <translation>参数必须是一个 JSON 对象（{…}）。</translation>
    </message>
    <message>
      <source>The tool runs with these arguments; the model then continues in a new conversation.</source>
      <translation>工具将用这些参数运行；然后模型在新的对话中继续。</translation>
    </message>
    <message>
      <source>Running %1 again…</source>
      <translation>正在重新运行 %1…</translation>
    </message>
    <message>
      <source>The model reads this result instead of the recorded one, in a new conversation.</source>
      <translation>在新的对话中，模型将读到这个结果，而不是记录下来的那个。</translation>
    </message>
    <message>
      <source>Edit arguments of %1</source>
      <translation>编辑 %1 的参数</translation>
    </message>
    <message>
      <source>Could not fork: %1</source>
      <translation>无法分支：%1</translation>
    </message>
    <message>
      <source>Not valid JSON: %1</source>
      <translation>不是有效的 JSON：%1</translation>
    </message>
    <message>
      <source>Edit result of %1</source>
      <translation>编辑 %1 的结果</translation>
    </message>
    <message>
      <source>picture: %1</source>
      <translation>图片：%1</translation>
    </message>
    <message>
      <source>JSON value</source>
      <translation>JSON 值</translation>
    </message>
    <message>
      <source>No usable system keyring: the key is kept in memory until you quit.</source>
      <translation>没有可用的系统钥匙串：密钥只保存在内存中，退出后清除。</translation>
    </message>
    <message>
      <source>paste a key to store it in the system keyring</source>
      <translation>粘贴密钥，存入系统钥匙串</translation>
    </message>
    <message>
      <source>Store key</source>
      <translation>存储密钥</translation>
    </message>
    <message>
      <source>not stored</source>
      <translation>未存储</translation>
    </message>
    <message>
      <source>stored</source>
      <translation>已存储</translation>
    </message>
    <message>
      <source>Key for %1: %2</source>
      <translation>%1 的密钥：%2</translation>
    </message>
    <message>
      <source>stored in the keyring</source>
      <translation>已存入系统钥匙串</translation>
    </message>
    <message>
      <source>from the environment variable</source>
      <translation>来自环境变量</translation>
    </message>
    <message>
      <source>kept in memory for this session</source>
      <translation>仅在本次运行中保存在内存里</translation>
    </message>
    <message>
      <source>Could not store the key: %1</source>
      <translation>无法存储密钥：%1</translation>
    </message>
    <message>
      <source>Model</source>
      <translation>模型</translation>
    </message>
    <message>
      <source>Refresh</source>
      <translation>刷新</translation>
    </message>
    <message>
      <source>Read the models the server offers (/v1/models)</source>
      <translation>读取服务器提供的模型（/v1/models）</translation>
    </message>
    <message>
      <source>Check this model</source>
      <translation>检查此模型</translation>
    </message>
    <message>
      <source>One request with one tool: does this model call tools?</source>
      <translation>发送一个带一个工具的请求：这个模型会调用工具吗？</translation>
    </message>
    <message>
      <source>Use the recommended tool-calls mode</source>
      <translation>使用推荐的工具调用方式</translation>
    </message>
    <message>
      <source>Calls a model writes as text: run them (recover), treat them as text (native), or offer no tools (off)</source>
      <translation>模型以文本写出的调用：运行它们（从文本恢复）、当作文本（原生），或不提供工具（关闭）</translation>
    </message>
    <message>
      <source>The tool-calls mode this model passed the scorecard best with</source>
      <translation>此模型在评分中表现最好的工具调用方式</translation>
    </message>
    <message>
      <source>reading the list…</source>
      <translation>正在读取列表…</translation>
    </message>
    <message>
      <source>Checking…</source>
      <translation>检查中…</translation>
    </message>
    <message>
      <source>recover from text</source>
      <translation>从文本恢复</translation>
    </message>
    <message>
      <source>off</source>
      <translation>关闭</translation>
    </message>
    <message>
      <source>the server lists no models</source>
      <translation>服务器没有列出任何模型</translation>
    </message>
    <message>
      <source>Use “%1”</source>
      <translation>使用“%1”</translation>
    </message>
    <message>
      <source>%1 models listed</source>
      <translation>列出了 %1 个模型</translation>
    </message>
    <message>
      <source>no answer</source>
      <translation>没有回答</translation>
    </message>
    <message>
      <source>Offline demo (no key)</source>
      <translation>离线演示（无需密钥）</translation>
    </message>
    <message>
      <source>OpenAI-compatible: custom URL</source>
      <translation>OpenAI 兼容：自定义地址</translation>
    </message>
    <message>
      <source>Settings</source>
      <translation>设置</translation>
    </message>
    <message>
      <source>Provider</source>
      <translation>提供商</translation>
    </message>
    <message>
      <source>Approvals</source>
      <translation>确认</translation>
    </message>
    <message>
      <source>General</source>
      <translation>通用</translation>
    </message>
    <message>
      <source>Shell and web</source>
      <translation>Shell 与网页</translation>
    </message>
    <message>
      <source>Provider:</source>
      <translation>提供商：</translation>
    </message>
    <message>
      <source>Model:</source>
      <translation>模型：</translation>
    </message>
    <message>
      <source>Base URL:</source>
      <translation>Base URL：</translation>
    </message>
    <message>
      <source>Tool calls:</source>
      <translation>工具调用：</translation>
    </message>
    <message>
      <source>API key:</source>
      <translation>API 密钥：</translation>
    </message>
    <message>
      <source>API key</source>
      <translation>API 密钥</translation>
    </message>
    <message>
      <source>Test</source>
      <translation>测试</translation>
    </message>
    <message>
      <source>Live weather from the internet (Open-Meteo)</source>
      <translation>联网获取实时天气（Open-Meteo）</translation>
    </message>
    <message>
      <source>testing…</source>
      <translation>测试中…</translation>
    </message>
    <message>
      <source>Deny automatically after:</source>
      <translation>超时自动拒绝：</translation>
    </message>
    <message>
      <source>tool names, comma separated</source>
      <translation>工具名，用逗号分隔</translation>
    </message>
    <message>
      <source>Always allow:</source>
      <translation>总是允许：</translation>
    </message>
    <message>
      <source>Revoke selected</source>
      <translation>撤销所选</translation>
    </message>
    <message>
      <source>Language:</source>
      <translation>语言：</translation>
    </message>
    <message>
      <source>Appearance:</source>
      <translation>外观：</translation>
    </message>
    <message>
      <source>allowed</source>
      <translation>允许</translation>
    </message>
    <message>
      <source>once</source>
      <translation>一次</translation>
    </message>
    <message>
      <source>for this conversation</source>
      <translation>本次对话</translation>
    </message>
    <message>
      <source>always (Settings)</source>
      <translation>总是（设置）</translation>
    </message>
    <message>
      <source>denied by the user</source>
      <translation>用户拒绝</translation>
    </message>
    <message>
      <source>dialog closed</source>
      <translation>关闭了对话框</translation>
    </message>
    <message>
      <source>timed out</source>
      <translation>超时</translation>
    </message>
    <message>
      <source>run stopped</source>
      <translation>运行已停止</translation>
    </message>
    <message>
      <source>the offline demo needs no key</source>
      <translation>离线演示不需要密钥</translation>
    </message>
    <message>
      <source>When</source>
      <translation>时间</translation>
    </message>
    <message>
      <source>Tool</source>
      <translation>工具</translation>
    </message>
    <message>
      <source>Decision</source>
      <translation>决定</translation>
    </message>
    <message>
      <source>How</source>
      <translation>方式</translation>
    </message>
    <message>
      <source>Reason</source>
      <translation>理由</translation>
    </message>
    <message>
      <source>Follow the system</source>
      <translation>跟随系统</translation>
    </message>
    <message>
      <source>Light</source>
      <translation>浅色</translation>
    </message>
    <message>
      <source>Dark</source>
      <translation>深色</translation>
    </message>
    <message>
      <source>OpenAI-compatible: %1</source>
      <translation>OpenAI 兼容：%1</translation>
    </message>
    <message>
      <source>Allowances in force:</source>
      <translation>当前有效的许可：</translation>
    </message>
    <message>
      <source>Decisions:</source>
      <translation>决定记录：</translation>
    </message>
    <message>
      <source>Could not save the settings: %1</source>
      <translation>无法保存设置：%1</translation>
    </message>
    <message>
      <source>%1 answered</source>
      <translation>%1 已回答</translation>
    </message>
    <message>
      <source>No OS sandbox is available: commands run with your own permissions, so every command will need your confirmation.</source>
      <translation>没有可用的系统沙箱：命令将以你自己的权限运行，因此每条命令都需要你确认。</translation>
    </message>
    <message>
      <source>Shell tool</source>
      <translation>Shell 工具</translation>
    </message>
    <message>
      <source>Let the assistant run commands in a workspace folder (execute_shell)</source>
      <translation>允许助手在工作区文件夹中运行命令 (execute_shell)</translation>
    </message>
    <message>
      <source>a folder used only for this, e.g. ~/travel-notes</source>
      <translation>专门用于此用途的文件夹，例如 ~/travel-notes</translation>
    </message>
    <message>
      <source>Choose…</source>
      <translation>选择…</translation>
    </message>
    <message>
      <source>Workspace:</source>
      <translation>工作区：</translation>
    </message>
    <message>
      <source>more commands to allow, comma separated</source>
      <translation>额外允许的命令，用逗号分隔</translation>
    </message>
    <message>
      <source>Extra commands:</source>
      <translation>额外命令：</translation>
    </message>
    <message>
      <source>Checking the OS sandbox…</source>
      <translation>正在检查系统沙箱…</translation>
    </message>
    <message>
      <source>Sandbox:</source>
      <translation>沙箱：</translation>
    </message>
    <message>
      <source>Choose the shell workspace folder</source>
      <translation>选择 Shell 工作区文件夹</translation>
    </message>
    <message>
      <source>Commands run in this folder and cannot read or write outside it.</source>
      <translation>命令在此文件夹中运行，无法读写其外的文件。</translation>
    </message>
    <message>
      <source>Web pages and search</source>
      <translation>网页与搜索</translation>
    </message>
    <message>
      <source>read_page may fetch public web pages (each fetch needs your confirmation)</source>
      <translation>允许 read_page 读取公开网页（每次读取都需要你确认）</translation>
    </message>
    <message>
      <source>web_search uses:</source>
      <translation>web_search 使用：</translation>
    </message>
    <message>
      <source>the service's own address (leave empty)</source>
      <translation>服务自身的地址（留空即可）</translation>
    </message>
    <message>
      <source>Search API URL:</source>
      <translation>搜索 API 地址：</translation>
    </message>
    <message>
      <source>Search API key:</source>
      <translation>搜索 API 密钥：</translation>
    </message>
    <message>
      <source>Commands run in the %1 sandbox: system folders read-only, the workspace the only writable folder, an empty home folder, no network.</source>
      <translation>命令在 %1 沙箱中运行：系统文件夹只读，工作区是唯一可写的文件夹，主目录为空，无网络。</translation>
    </message>
    <message>
      <source>Warning: %1 can run any program, so they can do anything your account can.</source>
      <translation>警告：%1 可以运行任意程序，能做你的账户能做的任何事。</translation>
    </message>
    <message>
      <source>Warning: %1 can reach the network.</source>
      <translation>警告：%1 可以访问网络。</translation>
    </message>
    <message>
      <source>Each use of an extra command needs your confirmation.</source>
      <translation>每次使用额外命令都需要你确认。</translation>
    </message>
    <message>
      <source>Local guide library (offline)</source>
      <translation>本地攻略库（离线）</translation>
    </message>
    <message>
      <source>the local guide library needs no key</source>
      <translation>本地攻略库不需要密钥</translation>
    </message>
    <message>
      <source>Could not check the sandbox: %1</source>
      <translation>无法检查沙箱：%1</translation>
    </message>
    <message>
      <source>Cost chart</source>
      <translation>费用图</translation>
    </message>
    <message>
      <source>Costs: %1 in all</source>
      <translation>费用：合计 %1</translation>
    </message>
    <message>
      <source>Total %1</source>
      <translation>合计 %1</translation>
    </message>
    <message>
      <source>Budget %1</source>
      <translation>预算 %1</translation>
    </message>
    <message>
      <source>budget %1</source>
      <translation>预算 %1</translation>
    </message>
    <message>
      <source>Trip</source>
      <translation>行程</translation>
    </message>
    <message>
      <source>Calendar (*.ics)</source>
      <translation>日历 (*.ics)</translation>
    </message>
    <message>
      <source>PDF (*.pdf)</source>
      <translation>PDF (*.pdf)</translation>
    </message>
    <message>
      <source>Export the trip</source>
      <translation>导出行程</translation>
    </message>
    <message>
      <source>Could not write %1: %2</source>
      <translation>无法写入 %1：%2</translation>
    </message>
    <message>
      <source>an estimate, not in the total</source>
      <translation>估算，不含在合计内</translation>
    </message>
    <message>
      <source>Flight</source>
      <translation>航班</translation>
    </message>
    <message>
      <source>Train</source>
      <translation>火车</translation>
    </message>
    <message>
      <source>Drive</source>
      <translation>自驾</translation>
    </message>
    <message>
      <source>Check in</source>
      <translation>入住</translation>
    </message>
    <message>
      <source>Check out</source>
      <translation>退房</translation>
    </message>
    <message>
      <source>Plan</source>
      <translation>安排</translation>
    </message>
    <message>
      <source>No trip yet. Ask about a trip: its plan, costs, weather and route appear here.</source>
      <translation>还没有行程。问一个旅行问题：行程安排、费用、天气和路线会显示在这里。</translation>
    </message>
    <message>
      <source>Options</source>
      <translation>可选方案</translation>
    </message>
    <message>
      <source>Costs</source>
      <translation>费用</translation>
    </message>
    <message>
      <source>Weather</source>
      <translation>天气</translation>
    </message>
    <message>
      <source>Route</source>
      <translation>路线</translation>
    </message>
    <message>
      <source>Day by day</source>
      <translation>每日安排</translation>
    </message>
    <message>
      <source>Calendar (.ics)…</source>
      <translation>日历 (.ics)…</translation>
    </message>
    <message>
      <source>Markdown…</source>
      <translation>Markdown…</translation>
    </message>
    <message>
      <source>PDF…</source>
      <translation>PDF…</translation>
    </message>
    <message>
      <source>Route map</source>
      <translation>路线图</translation>
    </message>
    <message>
      <source>Weather by day</source>
      <translation>每日天气</translation>
    </message>
    <message numerus="yes">
      <source>%n traveller(s)</source>
      <translation>
        <numerusform>%n 位旅客</numerusform>
      </translation>
    </message>
    <message>
      <source>Flights</source>
      <translation>机票</translation>
    </message>
    <message>
      <source>Hotel</source>
      <translation>酒店</translation>
    </message>
    <message>
      <source>Other</source>
      <translation>其他</translation>
    </message>
    <message>
      <source>No fares or hotels looked up</source>
      <translation>未查询机票或酒店价格</translation>
    </message>
    <message>
      <source>Options are not added together: choose one to make it the plan</source>
      <translation>方案不相加：选一个作为行程</translation>
    </message>
    <message>
      <source>dates not set</source>
      <translation>日期未定</translation>
    </message>
    <message>
      <source>Chosen</source>
      <translation>已选</translation>
    </message>
    <message>
      <source>Choose this</source>
      <translation>选这个</translation>
    </message>
    <message>
      <source>Free day</source>
      <translation>自由活动</translation>
    </message>
    <message>
      <source>Export the trip as %1</source>
      <translation>把行程导出为 %1</translation>
    </message>
    <message>
      <source>Holiday peak</source>
      <translation>节假日高峰</translation>
    </message>
    <message>
      <source>Show the tool call %1 in the inspector</source>
      <translation>在检查器中显示工具调用 %1</translation>
    </message>
    <message>
      <source>%1 %2: show its tool call in the inspector</source>
      <translation>%1 %2：在检查器中显示它的工具调用</translation>
    </message>
    <message>
      <source>&amp;New conversation</source>
      <translation>新建对话(&amp;N)</translation>
    </message>
    <message>
      <source>Go to the &amp;message box</source>
      <translation>转到输入框(&amp;M)</translation>
    </message>
    <message>
      <source>&amp;Find in conversation…</source>
      <translation>在对话中查找(&amp;F)…</translation>
    </message>
    <message>
      <source>&amp;Settings…</source>
      <translation>设置(&amp;S)…</translation>
    </message>
    <message>
      <source>MCP &amp;resources…</source>
      <translation>MCP 资源(&amp;R)…</translation>
    </message>
    <message>
      <source>Install MCP &amp;bundle…</source>
      <translation>安装 MCP 扩展包(&amp;B)…</translation>
    </message>
    <message>
      <source>as Python (OpenAI)…</source>
      <translation>Python 脚本（OpenAI）…</translation>
    </message>
    <message>
      <source>as Python (Anthropic)…</source>
      <translation>Python 脚本（Anthropic）…</translation>
    </message>
    <message>
      <source>&amp;Quit</source>
      <translation>退出(&amp;Q)</translation>
    </message>
    <message>
      <source>T&amp;rip</source>
      <translation>行程(&amp;R)</translation>
    </message>
    <message>
      <source>&amp;Keyboard shortcuts</source>
      <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
      <source>Stop the run</source>
      <translation>停止运行</translation>
    </message>
    <message>
      <source>Send the message (Shift+Enter: new line)</source>
      <translation>发送消息（Shift+Enter 换行）</translation>
    </message>
    <message>
      <source>Confirmation dialog: allow once / for this conversation / deny</source>
      <translation>确认对话框：允许一次 / 本次对话内都允许 / 拒绝</translation>
    </message>
    <message>
      <source>Confirmation dialog: deny (the safe default)</source>
      <translation>确认对话框：拒绝（安全的默认选项）</translation>
    </message>
    <message>
      <source>Transcript: its start / its end (Ctrl+Home / Ctrl+End from the message box)</source>
      <translation>对话记录：开头 / 结尾（在输入框中用 Ctrl+Home / Ctrl+End）</translation>
    </message>
    <message>
      <source>Find bar: next / previous match (Esc closes it)</source>
      <translation>查找栏：下一个 / 上一个匹配（Esc 关闭）</translation>
    </message>
    <message>
      <source>Inspector timeline: previous / next call</source>
      <translation>检查器时间线：上一个 / 下一个调用</translation>
    </message>
    <message>
      <source>Inspector: next tab (when it has the focus)</source>
      <translation>检查器：下一个标签页（焦点在检查器内时）</translation>
    </message>
    <message>
      <source>Next / previous control</source>
      <translation>下一个 / 上一个控件</translation>
    </message>
    <message>
      <source>&amp;File</source>
      <translation>文件(&amp;F)</translation>
    </message>
    <message>
      <source>&amp;Export</source>
      <translation>导出(&amp;E)</translation>
    </message>
    <message>
      <source>View</source>
      <translation>视图</translation>
    </message>
    <message>
      <source>&amp;Help</source>
      <translation>帮助(&amp;H)</translation>
    </message>
    <message>
      <source>Keyboard shortcuts</source>
      <translation>键盘快捷键</translation>
    </message>
    <message>
      <source>Something went wrong</source>
      <translation>出错了</translation>
    </message>
    <message>
      <source>An internal error happened; the app keeps running.</source>
      <translation>发生了内部错误，应用会继续运行。</translation>
    </message>
  </context>
</TS>
