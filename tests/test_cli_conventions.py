"""Conventions every `cardgen` command follows: --version, shell completion, usage errors that
name the valid values (exit 2), the catalogue as a positional argument, -q/-v, progress bars only
on a terminal, and a clean diagnostic for an unreachable --dask scheduler."""

from __future__ import annotations

import enum
import inspect
import os
import pty
import subprocess
import sys
import threading
import typing
from importlib.metadata import version
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent
CARDS = str(ROOT / "cards")
CAT = str(TESTS / "fixtures" / "catalogue")  # small and valid
ENGINE = str(TESTS / "fixtures" / "engine")  # decks red, blue, green, spy
RENDER = str(TESTS / "fixtures" / "render" / "cards")  # renders quickly (has W204 warnings)
SCENARIO = str(TESTS / "scenarios" / "age-deaths.yaml")
SHEET = str(TESTS / "fixtures" / "sheets" / "goblin-market.csv")  # 20 plain cards
PLAIN_RULES = str(TESTS / "fixtures" / "plain" / "rules.yaml")
HARBOUR = ROOT / "cardgen" / "packs" / "harbour_bid"  # a game on the engine kit

#: Commands that read a catalogue (all but `scenario run`, whose files name their own).
CATALOGUE_COMMANDS = (
    "validate",
    "schema",
    "export",
    "appendix",
    "play",
    "render",
    "build",
    "simulate",
    "balance",
    "watch",
    "conform",
    "studio",
)


def _commands(app) -> dict[str, object]:
    """Every leaf command of the CLI by its full name (``scenario run``), as click commands."""
    import typer.main

    found = {}

    def walk(group, prefix):
        for name, cmd in group.commands.items():
            if hasattr(cmd, "commands"):
                walk(cmd, [*prefix, name])
            else:
                found[" ".join([*prefix, name])] = cmd

    walk(typer.main.get_command(app), [])
    return found


def _cardgen(*args, env=None, timeout=120, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "cardgen", *args],
        capture_output=True,
        text=True,
        env={**os.environ, **(env or {})},
        timeout=timeout,
        check=False,
        **kw,
    )


# --- 1. --version -----------------------------------------------------------------------------


def test_version(runner, app):
    res = runner.invoke(app, ["--version"])
    assert res.exit_code == 0
    assert res.stdout == f"cardgen {version('cardgen')}\n"


def test_version_through_python_m_cardgen():
    proc = _cardgen("--version")
    assert proc.returncode == 0 and proc.stdout.strip() == f"cardgen {version('cardgen')}"


def test_the_console_script_builds_only_the_named_command():
    """`main()` runs an app holding only the module of the command named on the command line
    (faster start); COMMANDS must name each command's module."""
    import typer.main

    from cardgen.cli import COMMANDS, make_app

    for module in set(COMMANDS.values()):
        names = set(typer.main.get_command(make_app([module])).commands)
        assert names == {n for n, m in COMMANDS.items() if m == module}, module
    assert set(typer.main.get_command(make_app()).commands) == set(COMMANDS)


# --- 2. shell completion ----------------------------------------------------------------------


def test_show_completion_bash(runner, app, monkeypatch):
    # typer detects the shell unless told not to; with this set, --show-completion takes one
    # (set before invoke: typer reads it when it builds the command)
    monkeypatch.setenv("_TYPER_COMPLETE_TEST_DISABLE_SHELL_DETECTION", "1")
    res = runner.invoke(app, ["--show-completion", "bash"])
    assert res.exit_code == 0, res.output
    assert "_CARDGEN_COMPLETE=complete_bash" in res.stdout
    assert "complete -o default -F _cardgen_completion cardgen" in res.stdout


def test_completion_options_in_help(runner, app):
    res = runner.invoke(app, ["--help"])
    assert res.exit_code == 0
    assert "--install-completion" in res.output and "--show-completion" in res.output


# --- 3. usage errors name every valid value ---------------------------------------------------

PRODUCTS = ["pnp", "print", "png", "tts", "contact", "tgc", "mpc", "dtc"]
PAPERS = ["a4", "letter"]
DECKS = ["battle", "resource", "age", "spy"]

#: (command line before the option, option, bad value, every valid value); OUT is a tmp folder.
BAD_CHOICES = [
    (["games"], "--format", "xml", ["human", "json"]),
    (["new", "OUT"], "--game", "chess", ["plain"]),
    (["validate", CAT], "--format", "xml", ["human", "json", "github"]),
    (["export", CAT], "--format", "xml", ["csv", "json", "xlsx"]),
    (["appendix", CAT, "-o", "OUT"], "--format", "docx", ["md", "html", "pdf"]),
    (["render", CAT, "-o", "OUT"], "--product", "poster", PRODUCTS),
    (["render", CAT, "-o", "OUT"], "--paper", "a5", PAPERS),
    (["render", CAT, "-o", "OUT"], "--duplex", "both", ["long", "short", "none"]),
    (["render", CAT, "-o", "OUT"], "--service", "kinkos", ["home", "tgc", "mpc", "dtc"]),
    (["build", CAT, "-o", "OUT"], "--paper", "a5", PAPERS),
    (["build", CAT, "-o", "OUT"], "--service", "kinkos", ["home", "tgc", "mpc", "dtc"]),
    (["build", CAT, "-o", "OUT"], "--duplex", "both", ["long", "short", "none"]),
    (["build", CAT, "-o", "OUT"], "--only", "cards,dice", ["cards", "components", "appendix"]),
    (["watch", CAT, "-o", "OUT"], "--paper", "a5", PAPERS),
    (["watch", CAT, "-o", "OUT"], "--only", "cards,dice", ["cards", "components", "appendix"]),
    (["studio", CAT, "-o", "OUT"], "--paper", "a5", PAPERS),
    (["play", ENGINE], "--format", "xml", ["text", "json"]),
    (["play", ENGINE], "--decks", "red,purple", ["red", "blue", "green", "spy"]),
    (["play", ENGINE], "--bots", "random,clever", ["random", "greedy"]),
    (["play", ENGINE], "--players", "7", ["2", "3", "4"]),
    (
        ["simulate", CARDS, "-g", "2"],
        "--bots",
        "smart",
        ["random", "greedy", "lookahead", "search", "mixed"],
    ),
    (["simulate", CARDS, "-g", "2"], "--format", "csv", ["table", "json"]),
    (["simulate", CARDS, "-g", "2"], "--decks", "age,dragons", DECKS),
    (["simulate", CARDS, "-g", "2"], "--players", "9", ["2", "3", "4"]),
]


@pytest.mark.parametrize(
    ("before", "option", "bad", "valid"),
    BAD_CHOICES,
    ids=[f"{b[0]}{o}" for b, o, _, _ in BAD_CHOICES],
)
def test_bad_choice_is_a_usage_error_naming_the_valid_values(
    runner, app, plain, tmp_path, before, option, bad, valid
):
    out = tmp_path / "out"
    args = [str(out) if a == "OUT" else a for a in before]
    res = runner.invoke(app, [*args, option, bad])
    text = plain(res.output)
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output and isinstance(res.exception, SystemExit)
    assert option in text
    unknown = [v for v in bad.split(",") if v not in valid]
    assert unknown and all(f"'{v}'" in text for v in unknown), text
    missing = [v for v in valid if f"'{v}'" not in text]
    assert not missing, f"valid values not named: {missing}\n{text}"
    assert not out.exists()  # nothing was made


def test_every_choice_option_is_covered(app):
    """Each option typed with an enum (its fixed values) appears in BAD_CHOICES."""
    covered = {(b[0], o) for b, o, _, _ in BAD_CHOICES}
    seen = set()
    for name, cmd in _commands(app).items():
        hints = typing.get_type_hints(inspect.unwrap(cmd.callback))
        for p in cmd.params:
            hint = hints[p.name]
            hint = typing.get_args(hint)[0] if typing.get_origin(hint) is list else hint
            if isinstance(hint, type) and issubclass(hint, enum.Enum):
                seen.add((name, next(o for o in p.opts if o.startswith("--"))))
    assert len(seen) >= 10 and seen <= covered, seen - covered


def test_choice_enums_match_the_library():
    """The CLI spells out its choices as enums (importing the library would slow the start);
    they must stay equal to the library's own lists."""
    from cardgen.build.pipeline import PAPERS as BUILD_PAPERS
    from cardgen.catalogue.export import EXPORTERS
    from cardgen.cli import appendix_cmds, catalogue_cmds, print_options, render_cmds, simulate_cmds
    from cardgen.diagnostics.formats import FORMATS as REPORT_FORMATS
    from cardgen.docs import FORMATS as APPENDIX_FORMATS
    from cardgen.render.api import PRODUCTS, SERVICE_PRODUCTS
    from cardgen.render.geometry import PAPERS, Duplex
    from cardgen.render.services import SERVICE_IDS

    pairs = [
        (catalogue_cmds.ReportFormat, REPORT_FORMATS),
        (catalogue_cmds.ExportFormat, EXPORTERS),
        (appendix_cmds.AppendixFormat, APPENDIX_FORMATS),
        (render_cmds.Product, PRODUCTS + SERVICE_PRODUCTS),
        (print_options.ServiceChoice, SERVICE_IDS),
        (print_options.Paper, PAPERS),
        (print_options.Paper, BUILD_PAPERS),
        (print_options.DuplexMode, [d.value for d in Duplex]),
        (simulate_cmds.SimFormat, ["table", "json"]),
    ]
    for cli_enum, library in pairs:
        assert [m.value for m in cli_enum] == list(library), cli_enum.__name__


PRINT_OPTIONS = ["--out", "--paper", "--duplex", "--bleed", "--cmyk", "--service", "--icc"]
PRINT_OPTIONS += ["--tts-url", "--jobs"]


def test_render_and_build_share_the_print_options_and_defaults(app):
    """One definition of each print option for both commands: the same names, types, defaults
    and help (they differed in paper, --duplex, --bleed, --cmyk and the output's layout)."""
    commands = _commands(app)

    def options(name: str) -> dict[str, object]:
        return {
            next(o for o in p.opts if o.startswith("--")): p
            for p in commands[name].params
            if any(o in PRINT_OPTIONS for o in p.opts)
        }

    render, build = options("render"), options("build")
    assert sorted(render) == sorted(build) == sorted(PRINT_OPTIONS)
    for name in PRINT_OPTIONS:
        a, b = render[name], build[name]
        same = ("opts", "default", "multiple", "is_flag", "help")
        assert [getattr(a, k) for k in same] == [getattr(b, k) for k in same], name


@pytest.mark.parametrize("command", ["render", "build"])
@pytest.mark.parametrize("bleed", ["nan", "inf", "-1", "1000000"])
def test_a_bleed_no_printer_can_use_is_a_usage_error(runner, app, tmp_path, command, bleed):
    res = runner.invoke(app, [command, RENDER, "-o", str(tmp_path / "o"), "--bleed", bleed])
    assert res.exit_code == 2 and "--bleed" in res.output, res.output
    assert not (tmp_path / "o").exists()


def test_build_makes_the_print_and_play_sheets_render_makes(runner, app, tmp_path):
    """The same options give the same print-and-play file, in the same place: output/cards/."""
    args = ["--paper", "letter", "--duplex", "short", "--bleed", "2", "-j", "1"]
    built = runner.invoke(app, ["build", RENDER, "-o", str(tmp_path / "b"), *args])
    assert built.exit_code == 0, built.output
    made = runner.invoke(app, ["render", RENDER, "-o", str(tmp_path / "r"), "-p", "pnp", *args])
    assert made.exit_code == 0, made.output
    pnp = "cards/pnp-letter.pdf"
    assert (tmp_path / "r" / pnp).read_bytes() == (tmp_path / "b" / pnp).read_bytes()
    assert not (tmp_path / "b" / "cards" / "pnp-a4.pdf").exists()


def test_help_texts_and_the_package_description_name_no_game(runner, app, plain):
    """cardgen is for any game: no command's help and not the package's description speaks
    one game's language (play --help said "deck ids", "No star cards, 6-card hands")."""
    import tomllib

    from cardgen.pack import installed_packs

    games = {p.game_type.name for p in installed_packs() if p.game_type.id != "plain"}
    words = [*games, "deck ids", "star card", "6-card"]
    texts = {"cardgen": runner.invoke(app, ["--help"]).output}
    for name in _commands(app):
        texts[name] = runner.invoke(app, [*name.split(), "--help"]).output
    meta = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    texts["pyproject.toml description"] = meta["description"]
    for where, text in texts.items():
        for word in words:
            assert word.lower() not in plain(text).lower(), (where, word)


@pytest.mark.slow
def test_help_texts_flow_without_the_docstrings_line_breaks(runner, app):
    """On a wide terminal each command's help is one line per paragraph, in the list of
    commands and in its own --help: the docstrings' hard line breaks do not show ("...the rules
    engine's card / checks; exit 1 ...")."""

    def rows(args):
        res = runner.invoke(app, [*args, "--help"], env={"COLUMNS": "1000"})
        assert res.exit_code == 0, res.output
        return [" ".join(line.strip(" │").split()) for line in res.output.splitlines()]

    listed = rows([])
    for name, cmd in _commands(app).items():
        first, *rest = inspect.cleandoc(cmd.help or "").split("\n\n")
        words = " ".join(first.split())
        if " " not in name:
            assert any(words in row for row in listed), name
        own = rows(name.split())
        for paragraph in (first, *rest):
            assert " ".join(paragraph.split()) in own, (name, paragraph)


def test_quiet_and_verbose_exclude_each_other(runner, app, plain):
    res = runner.invoke(app, ["validate", CAT, "-q", "-v"])
    assert res.exit_code == 2 and "exclude each other" in plain(res.output)


# --- 4. the catalogue folder: a positional argument, default cards/ ---------------------------


@pytest.mark.parametrize("command", CATALOGUE_COMMANDS)
def test_catalogue_is_a_positional_argument(runner, app, command):
    cmd = _commands(app)[command]
    args = [p for p in cmd.params if p.param_type_name == "argument"]
    assert [(a.name, a.metavar, str(a.default)) for a in args] == [("directory", "CARDS", "cards")]
    usage = runner.invoke(app, [command, "--help"]).output
    assert f"cardgen {command} [OPTIONS] [CARDS]" in usage


@pytest.mark.parametrize("command", [c for c in CATALOGUE_COMMANDS if c != "schema"])
def test_the_positional_catalogue_is_the_one_read(runner, app, tmp_path, command):
    nowhere = tmp_path / "no-catalogue"
    out = [] if command in ("validate", "conform") else ["-o", str(tmp_path / "out")]
    res = runner.invoke(app, [command, str(nowhere), *out])
    assert res.exit_code == 1, res.output
    assert f"{nowhere}: error E010" in res.output and "Traceback" not in res.output
    assert "does not exist" in res.output, res.output


def test_schema_of_a_folder_without_rules_has_no_enums(runner, app, tmp_path, plain):
    res = runner.invoke(app, ["schema", str(tmp_path)])
    assert res.exit_code == 2 and "--game" in plain(res.output)
    assert "attack-right" in plain(res.output) and "plain" in plain(res.output)
    res = runner.invoke(app, ["schema", str(tmp_path), "--game", "attack-right"])
    assert res.exit_code == 0, res.output
    assert '"spy"' not in res.stdout and '"deck"' in res.stdout
    assert '"spy"' in runner.invoke(app, ["schema", CAT]).stdout


def test_old_cards_option_still_works(runner, app, plain):
    assert runner.invoke(app, ["schema", "--cards", CAT]).stdout == (
        runner.invoke(app, ["schema", CAT]).stdout
    )
    res = runner.invoke(app, ["play", "--cards", ENGINE, "--decks", "red,blue"])
    assert res.exit_code == 0 and "Game over" in res.output
    res = runner.invoke(app, ["play", CAT, "--cards", ENGINE])
    assert res.exit_code == 2 and "two catalogue folders" in plain(res.output)


# --- 5. -q and -v -----------------------------------------------------------------------------


def test_every_command_has_quiet_and_verbose(app):
    commands = _commands(app)
    assert set(commands) == {
        *CATALOGUE_COMMANDS,
        "scenario run",
        "games",
        "new",
        "import",
    }
    for name, cmd in commands.items():
        opts = {o for p in cmd.params for o in p.opts}
        assert {"-q", "--quiet", "-v", "--verbose"} <= opts, name


#: A quick run of every command, and a line its -v adds on stderr.
VERBOSE_RUNS = {
    "validate": ([CAT], "cache on"),
    "schema": ([CAT, "-o", "OUT/deck.schema.json"], "wrote "),
    "export": ([CAT, "-o", "OUT/cards.csv"], "wrote "),
    "import": ([SHEET, "--to", "OUT/cards", "--rules", PLAIN_RULES], "wrote "),
    "appendix": ([CAT, "-f", "md", "-o", "OUT"], "appendix: md in"),
    "play": ([ENGINE, "--decks", "red,blue"], " steps, "),
    "scenario run": ([SCENARIO], "1 scenario(s) in"),
    "games": ([], "pack(s) installed"),
    "new": (["OUT/game"], "wrote "),
    "render": ([RENDER, "-p", "pnp", "--paper", "a4", "-o", "OUT"], "pnp-a4.pdf"),
    "build": ([RENDER, "--only", "components", "-o", "OUT"], "rebuilt"),
    "simulate": ([CARDS, "-g", "2", "-n", "2"], "2 games on 1 worker(s)"),
    "balance": ([str(HARBOUR / "cards"), "-g", "10", "-o", "OUT/p.json"], "balance in"),
    "conform": ([str(HARBOUR / "cards"), "-g", "1", "--bots", "random"], "conform in"),
}


#: Commands that run until stopped: their -v is tested in their own file (test_build_watch.py,
#: test_studio_server.py).
LONG_RUNNING = {"watch", "studio"}


def test_verbose_runs_cover_every_command(app):
    assert set(VERBOSE_RUNS) | LONG_RUNNING == set(_commands(app))


@pytest.mark.parametrize("command", sorted(VERBOSE_RUNS))
def test_verbose_is_accepted_and_adds_detail(runner, app, tmp_path, command):
    args, extra = VERBOSE_RUNS[command]
    args = [a.replace("OUT", str(tmp_path / "out")) for a in args]
    res = runner.invoke(app, [*command.split(), *args, "-v"])
    assert res.exit_code == 0, res.output
    assert extra in res.stderr
    if command == "scenario run":
        assert "PASS" in res.stdout  # -v also lists the passing scenarios


@pytest.mark.parametrize(
    ("argv", "summary"),
    [
        (["validate", CAT], "valid: 32 cards"),
        (["appendix", CAT, "-f", "md", "-o", "OUT"], "appendix.md"),
        (["render", RENDER, "-p", "pnp", "--paper", "a4", "-o", "OUT"], "wrote 1 file(s)"),
        (["build", RENDER, "--only", "components", "-o", "OUT"], "README.md first"),
        (["scenario", "run", SCENARIO], "1 passed, 0 failed"),
        (["simulate", ENGINE, "-g", "2", "-n", "2"], "2 games, 2 players"),
    ],
    ids=lambda v: v[0] if isinstance(v, list) else None,
)
def test_quiet_drops_the_summary(runner, app, tmp_path, argv, summary):
    argv = [a.replace("OUT", str(tmp_path / "out")) for a in argv]
    loud = runner.invoke(app, argv)
    assert loud.exit_code == 0 and summary in loud.output, loud.output
    quiet = runner.invoke(app, [*argv, "-q"])
    assert quiet.exit_code == 0, quiet.output
    assert quiet.stdout == ""
    assert summary not in quiet.output and "valid: " not in quiet.output


def test_quiet_keeps_the_diagnostics(runner, app):
    res = runner.invoke(app, ["validate", RENDER, "-q"])
    assert res.exit_code == 0
    assert "W204" in res.output and "valid:" not in res.output


# --- 6. progress bars only on a terminal ------------------------------------------------------

#: What a live rich progress bar writes: carriage returns, cursor hide/up, line erase, bar glyphs.
BAR_MARKS = ("\r", "\x1b[?25l", "\x1b[1A", "\x1b[2K", "━")


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", CARDS, "-g", "40", "-n", "2", "--chunk-size", "5"],
        ["render", RENDER, "-p", "pnp", "--paper", "a4", "-o", "OUT"],
        ["build", RENDER, "--only", "components", "-o", "OUT"],
    ],
    ids=lambda v: v[0],
)
def test_no_progress_bar_when_stderr_is_not_a_terminal(tmp_path, argv):
    argv = [a.replace("OUT", str(tmp_path / "out")) for a in argv]
    # rich would treat these as a terminal; whether to draw a bar is stderr.isatty()'s call
    proc = _cardgen(*argv, env={"FORCE_COLOR": "1", "TTY_INTERACTIVE": "1", "TTY_COMPATIBLE": "1"})
    assert proc.returncode == 0, proc.stderr
    marks = [m for m in BAR_MARKS if m in proc.stderr]
    assert not marks, f"progress-bar output on a pipe: {marks}\n{proc.stderr!r}"


def test_simulate_draws_a_bar_on_a_terminal():
    """The other side: with stderr on a pseudo-terminal the bar is there."""
    master, slave = pty.openpty()
    chunks: list[bytes] = []

    def read() -> None:
        while True:
            try:
                data = os.read(master, 4096)
            except OSError:  # the child closed its end
                return
            if not data:
                return
            chunks.append(data)

    reader = threading.Thread(target=read, daemon=True)
    reader.start()
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "100", "PYTHONIOENCODING": "utf-8"}
    argv = ["simulate", CARDS, "-g", "40", "-n", "2", "--chunk-size", "5"]
    proc = subprocess.run(
        [sys.executable, "-m", "cardgen", *argv],
        stdout=subprocess.PIPE,
        stderr=slave,
        env=env,
        timeout=120,
        check=False,
    )
    os.close(slave)
    reader.join(timeout=10)
    os.close(master)
    err = b"".join(chunks).decode("utf-8", "replace")
    assert proc.returncode == 0, err
    assert "random games" in err and "40/40" in err


# --- 7. an unreachable --dask scheduler -------------------------------------------------------


#: a connect timeout shorter than the product's (the errors are the same, sooner)
QUICK_DASK = {"CARDGEN_DASK_CONNECT_TIMEOUT": "1.5"}


def test_the_dask_connect_timeout_is_the_default_or_the_environment(monkeypatch):
    from cardgen.cli.simulate_cmds import DASK_CONNECT_TIMEOUT, dask_connect_timeout

    monkeypatch.delenv("CARDGEN_DASK_CONNECT_TIMEOUT", raising=False)
    assert dask_connect_timeout() == DASK_CONNECT_TIMEOUT == 5.0
    monkeypatch.setenv("CARDGEN_DASK_CONNECT_TIMEOUT", " 1.5 ")
    assert dask_connect_timeout() == 1.5


@pytest.mark.parametrize("value", ["0", "-2", "soon", "nan", "inf", "1e9"])
def test_a_bad_dask_connect_timeout_is_a_diagnostic(monkeypatch, capsys, value):
    import typer

    from cardgen.cli.simulate_cmds import dask_connect_timeout

    monkeypatch.setenv("CARDGEN_DASK_CONNECT_TIMEOUT", value)
    with pytest.raises(typer.Exit) as stop:
        dask_connect_timeout()
    assert stop.value.exit_code == 1
    err = capsys.readouterr().err
    assert f"CARDGEN_DASK_CONNECT_TIMEOUT={value!r}: write seconds" in err, err


def test_unreachable_dask_scheduler_is_a_diagnostic():
    pytest.importorskip("distributed")
    from cardgen.cli.simulate_cmds import DASK_CONNECT_TIMEOUT

    assert DASK_CONNECT_TIMEOUT < 10
    address = "tcp://127.0.0.1:1"
    # the timeout only bounds a hang; the command gives up after the connect timeout
    proc = _cardgen(
        "simulate", CARDS, "-g", "2", "-n", "2", "--dask", address, env=QUICK_DASK, timeout=60
    )
    assert proc.returncode == 1, proc.stderr
    assert f"cannot reach the Dask scheduler at {address}" in proc.stderr
    assert "hint:" in proc.stderr and "Traceback" not in proc.stderr
    assert proc.stdout == ""


class _FakeServer:
    """A TCP server on localhost that is no Dask scheduler: ``http`` answers a request as a web
    server does, ``huge`` greets with a frame length of 2^64 - 1, ``silent`` accepts and never
    speaks."""

    def __init__(self, kind: str):
        import socket
        import threading

        self.kind, self.conns = kind, []
        self.sock = socket.create_server(("127.0.0.1", 0))
        self.address = f"tcp://127.0.0.1:{self.sock.getsockname()[1]}"
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.conns.append(conn)
            try:
                if self.kind == "http":
                    conn.settimeout(30)
                    conn.recv(65536)
                    conn.sendall(b"HTTP/1.0 400 Bad Request\r\nContent-Type: text/html\r\n\r\nx")
                    conn.close()
                elif self.kind == "huge":
                    conn.sendall(b"\xff" * 64)
            except OSError:
                pass

    def close(self) -> None:
        self.sock.close()
        for conn in self.conns:
            conn.close()


@pytest.mark.parametrize(
    "kind, words",
    [
        ("http", "did not answer as a Dask scheduler"),
        ("huge", "is not a Dask scheduler"),
        ("silent", "did not answer as a Dask scheduler"),
    ],
)
def test_a_server_that_is_no_dask_scheduler_is_a_diagnostic(kind, words):
    """An HTTP server (a 3 EiB allocation traceback), a huge frame (struct.error) and a server
    that accepts and never speaks (a hang past 170 s): each a clean exit 1 within the connect
    timeout."""
    pytest.importorskip("distributed")
    server = _FakeServer(kind)
    try:
        proc = _cardgen(
            "simulate",
            *(CARDS, "-g", "2", "-n", "2", "--dask", server.address),
            env=QUICK_DASK,
            timeout=60,
        )
    finally:
        server.close()
    assert "Traceback" not in proc.stderr, proc.stderr[-3000:]
    assert proc.returncode == 1, proc.stderr[-3000:]
    assert server.address in proc.stderr and words in proc.stderr, proc.stderr
    assert proc.stdout == ""


def test_malformed_dask_address_is_a_usage_error(plain):
    pytest.importorskip("distributed")
    proc = _cardgen("simulate", CARDS, "-g", "2", "-n", "2", "--dask", "nonsense", timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert "'--dask'" in plain(proc.stderr) and "Traceback" not in proc.stderr
