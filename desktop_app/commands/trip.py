"""`trip list / show / export` of CONTRACT.md: the trips runs built, as a table, JSON, .ics, Markdown or PDF.

The PDF needs Qt, which lives only in ui/: the CLI hands `run` a renderer (`args.render_pdf`) from
desktop_app.app (cli may import app, commands may not import ui), so this module stays Qt-free."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from desktop_app import jsonsafe
from desktop_app.commands.flags import fail
from desktop_app.errors import HistoryError, UsageError
from desktop_app.store.atomic import write_export
from desktop_app.store.history import HistoryStore
from desktop_app.trips.model import Trip
from desktop_app.visible import for_terminal

ID_HELP = "the trip's id (a unique prefix works; see `trip list`)"
PdfRenderer = Callable[[str, str], bytes]  # (markdown, title) -> the PDF's bytes


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """`trip list`, `trip show ID`, `trip export ID --format ics|md|pdf [-o FILE]` under `trip`."""
    sub = parser.add_subparsers(dest="trip_command", required=True)
    listing = sub.add_parser("list", help="trips built by runs, newest first")
    listing.add_argument("--json", action="store_true", help="one JSON array")
    show = sub.add_parser("show", help="one trip: its plan, or everything as JSON")
    show.add_argument("id", help=ID_HELP)
    show.add_argument("--json", action="store_true", help="the whole trip as JSON (each figure with its call id)")
    export = sub.add_parser("export", help="write a trip as an iCalendar file, a Markdown plan or a PDF")
    export.add_argument("id", help=ID_HELP)
    export.add_argument("--format", choices=["ics", "md", "pdf"], required=True, help="ics, md or pdf")
    export.add_argument("-o", "--output", default="", metavar="FILE", help="write to FILE instead of stdout")
    export.add_argument(
        "--lang", choices=["zh", "en"], default="", help="the plan's language (default: the conversation's)"
    )


def list_table(trips: Sequence[Trip]) -> str:
    rows = [("ID", "START", "END", "PARTY", "TOTAL", "TITLE")]
    rows += [(t.id, str(t.start or "-"), str(t.end or "-"), str(t.party), _total(t), t.title) for t in trips]
    widths = [max(len(r[i]) for r in rows) for i in range(5)]
    lines = ["  ".join([*(r[i].ljust(widths[i]) for i in range(5)), r[5]]) for r in rows]
    return "\n".join(lines) + "\n"


def _total(trip: Trip) -> str:
    """The plan's total, or how many options wait for a choice (they are never added together)."""
    if not trip.priced:
        return "-"
    return f"{len(trip.options)} options" if trip.options and not trip.chosen else f"¥{trip.total_cny:,}"


def _export(trip: Trip, fmt: str, output: str, lang: str, pdf: PdfRenderer | None) -> int:
    from desktop_app.trips.markdown import to_markdown

    if fmt == "ics":
        from desktop_app.trips.ics import to_ics

        data = to_ics(trip)
    elif fmt == "md":
        data = to_markdown(trip, lang).encode("utf-8")
    else:
        if pdf is None:
            return fail("PDF export is not available here")
        data = pdf(to_markdown(trip, lang), trip.title)
    if not output or output == "-":
        if fmt == "pdf" and sys.stdout.isatty():
            raise UsageError("a PDF is not for the terminal: give -o FILE (or redirect stdout)")
        sys.stdout.buffer.write(data if fmt != "md" else for_terminal(data.decode("utf-8")).encode("utf-8"))
        sys.stdout.flush()
        return 0
    try:
        write_export(Path(output), data)
    except OSError as exc:
        return fail(f"cannot write {output}: {exc.strerror or exc}")
    print(for_terminal(f"exported trip {trip.id} to {output}"), file=sys.stderr)
    return 0


def run(args: argparse.Namespace) -> int:
    """Dispatch `trip list|show|export`; errors are one line on stderr and exit 1 (2: bad usage)."""
    from desktop_app.trips.markdown import to_markdown
    from desktop_app.trips.record import saved_trip, saved_trips

    try:
        with HistoryStore() as store:
            if args.trip_command == "list":
                trips = saved_trips(store)
                if args.json:
                    rows = [{**t.summary(), "conversation_id": t.conversation_id} for t in trips]  # CONTRACT's order
                    print(jsonsafe.dumps(rows, indent=2))
                elif trips:
                    sys.stdout.write(for_terminal(list_table(trips)))
                else:
                    print("no trips yet: ask about one (`travel-assistant ask ...`)", file=sys.stderr)
                return 0
            trip = saved_trip(store, args.id)
        if args.trip_command == "show":
            if args.json:
                print(jsonsafe.dumps({**trip.to_dict(), "conversation_id": trip.conversation_id}, indent=2))
            else:
                sys.stdout.write(for_terminal(to_markdown(trip)))
            return 0
        pdf: PdfRenderer | None = getattr(args, "render_pdf", None)  # see the module docstring
        return _export(trip, args.format, args.output or "", args.lang or "", pdf)
    except KeyError as exc:
        return fail(str(exc.args[0]) if exc.args else "no such trip")
    except HistoryError as exc:
        return fail(str(exc))
