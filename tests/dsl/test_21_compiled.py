"""The compiled hot modules (``dsl/compiled.py``, ``make compiled``): a compiled file is used
only while it was built from the source as it is now, and a game plays the same compiled or not.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

import pytest

from dsl import compiled

ROOT = Path(__file__).resolve().parents[2]
MODULE = "dsl.kernel.random"
SOURCE = ROOT / "dsl" / "kernel" / "random.py"


def _entry(tmp_path: Path, sha256: str) -> tuple[compiled.CompiledFinder, Path]:
    binary = tmp_path / "dsl" / "kernel" / "random.so"
    binary.parent.mkdir(parents=True)
    binary.write_bytes(b"not a real library: the finder only names it")
    entries = {MODULE: {"file": "dsl/kernel/random.so", "sha256": sha256}}
    return compiled.CompiledFinder(entries, build=tmp_path), binary


def test_a_file_built_from_the_current_source_is_found(tmp_path: Path) -> None:
    finder, binary = _entry(tmp_path, hashlib.sha256(SOURCE.read_bytes()).hexdigest())
    spec = finder.find_spec(MODULE)
    assert spec is not None and spec.origin == str(binary)
    assert isinstance(spec.loader, importlib.machinery.ExtensionFileLoader)
    assert finder.used == {MODULE: "compiled"}


def test_a_file_built_from_another_source_is_left_for_the_python_source(tmp_path: Path) -> None:
    finder, _ = _entry(tmp_path, hashlib.sha256(b"the source before an edit").hexdigest())
    assert finder.find_spec(MODULE) is None
    assert finder.used == {MODULE: "stale"}


def test_a_missing_file_or_an_unlisted_module_is_left_to_python(tmp_path: Path) -> None:
    finder, binary = _entry(tmp_path, hashlib.sha256(SOURCE.read_bytes()).hexdigest())
    binary.unlink()
    assert finder.find_spec(MODULE) is None
    assert finder.find_spec("dsl.parser") is None


def _built() -> bool:
    return bool(compiled._read_manifest())


def _play(env: dict[str, str], *args: str) -> str:
    run = subprocess.run(
        [sys.executable, *args], cwd=ROOT, env=env, capture_output=True, text=True, timeout=900
    )
    assert run.returncode == 0, run.stderr
    return run.stdout


STATUS = (
    "import rules.six_winters.engine, rules.six_winters.bots, dsl.compiled as c;"
    "print(sorted(set(c.status().values())))"
)


def test_the_hot_modules_run_compiled_when_built_and_as_python_when_turned_off() -> None:
    if not _built():
        if os.environ.get("CHRONICLER_REQUIRE_COMPILED"):
            pytest.fail("make compiled built nothing (CHRONICLER_REQUIRE_COMPILED is set)")
        pytest.skip("no compiled modules here (make compiled: needs a C compiler)")
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_VARIABLE}
    assert _play(env, "-c", STATUS).strip() == "['compiled']"
    assert _play({**env, compiled.PURE_VARIABLE: "1"}, "-c", STATUS).strip() == "['python']"


def test_compiled_and_plain_python_replay_the_same_golden_event_logs() -> None:
    if not _built():
        pytest.skip("no compiled modules here (make compiled)")
    env = {k: v for k, v in os.environ.items() if k != compiled.PURE_VARIABLE}
    for each in (env, {**env, compiled.PURE_VARIABLE: "1"}):
        # the recorder exits non-zero when a log differs (_play asserts a zero exit)
        assert "golden logs are the same" in _play(each, "tests/golden/six_winters_logs.py")


def test_a_module_taken_off_the_list_is_no_longer_loaded(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # every listed module built from its source as it is, and one more that the list no longer
    # names: the build has nothing to compile, but the extra one leaves the manifest and the build
    pytest.importorskip("Cython")
    compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        pytest.skip("no C compiler: the build stops before it reads the manifest")
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    monkeypatch.setattr(compiled, "BUILD", tmp_path)
    monkeypatch.setattr(compiled, "MANIFEST", tmp_path / "manifest.json")
    entries = {}
    for module in [*compiled._listed(), "dsl.parser"]:
        relative = Path(*module.split(".")).as_posix() + suffix
        (tmp_path / relative).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / relative).write_bytes(b"stands for a library")
        source = ROOT.joinpath(*module.split(".")).with_suffix(".py")
        entries[module] = {
            "file": relative,
            "sha256": hashlib.sha256(source.read_bytes()).hexdigest(),
        }
    compiled._keep_only(entries)
    assert "dsl.parser" in compiled._read_manifest()
    assert compiled.build() == 0
    kept = compiled._read_manifest()
    assert set(kept) == set(compiled._listed())
    assert not (tmp_path / "dsl" / f"parser{suffix}").exists()
    assert compiled.CompiledFinder(kept, build=tmp_path).find_spec("dsl.parser") is None
