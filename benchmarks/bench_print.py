"""Printing: the whole Six Winters set as a print-and-play PDF, and one changed card again.

Run: .venv/bin/python benchmarks/bench_print.py   (``make bench`` runs every bench_*.py)

Each figure is the wall time of a fresh ``chronicler print`` process (median of a few), as a
designer waits for it, and its CPU time (worker processes included), which a shared machine
does not inflate:

- the whole set as a PDF into an empty folder (every face drawn as vectors, text as text);
- the whole set as PNGs at 300 dpi into an empty folder (every face rasterised), and again
  after one card's text changed (only that card's faces are rasterised again; the rest come
  from the run's image cache);
- one card alone (``--only``) as a PNG and as a PDF, into an empty folder.

Then, in this process, the stages: drawing every face as SVG, drawing every front into a PDF,
and rasterising one face. The load average is printed, so a figure taken on a busy machine can
be read. Targets (issues 16 and 33): the whole set under 10 s of CPU, one changed card under
1 s. Prints figures, asserts nothing.
"""

from __future__ import annotations

import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
CHRONICLER = str(BIN / "chronicler")


CPU_SECONDS: list[float] = []  # the CPU time of the last wall() run, its worker processes too


def wall(command: list[str]) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, capture_output=True)
    elapsed = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU_SECONDS[:] = [after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime]
    return elapsed


def median_fresh(args: list[str], runs: int) -> tuple[float, float]:
    """Median wall time and CPU time of ``chronicler print ARGS --out <a new empty folder>``."""
    times, cpu = [], []
    for _ in range(runs):
        with tempfile.TemporaryDirectory() as out:
            times.append(wall([CHRONICLER, "print", *args, "--out", out]))
            cpu.append(CPU_SECONDS[0])
    return statistics.median(times), statistics.median(cpu)


def changed_card_reprint(runs: int) -> float:
    """A copy of the ruleset printed once as PNGs; then one card's points changed and the whole
    set printed again into the same folder (median over ``runs`` changes)."""
    times = []
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch) / "six_winters"
        shutil.copytree(
            ROOT / "rules" / "six_winters",
            folder,
            ignore=shutil.ignore_patterns("*.py", "__pycache__"),
        )
        out = Path(scratch) / "out"
        png = ["--format", "png"]
        wall([CHRONICLER, "print", str(folder), *png, "--out", str(out)])
        assets = folder / "assets.rules"
        original = assets.read_text()
        marker = "skill steel · points 1\n  recipe technology 2, military, military"
        for points in range(2, 2 + runs):
            changed = marker.replace("points 1", f"points {points}")
            assets.write_text(original.replace(marker, changed))
            times.append(wall([CHRONICLER, "print", str(folder), *png, "--out", str(out)]))
    return statistics.median(times)


def stages() -> tuple[float, int, float, float]:
    import io

    from reportlab.pdfgen.canvas import Canvas

    sys.path.insert(0, str(ROOT))
    from dsl.loader import load_ruleset, ruleset_dir
    from journal.printing.faces import FaceSet, faces_folder
    from journal.printing.raster import svg_to_png
    from journal.printing.vector import Painter

    ruleset = load_ruleset("six-winters")
    faces = FaceSet(faces_folder(ruleset_dir("six-winters")), regions=ruleset.vocabulary.titles)
    started = time.perf_counter()
    drawn = [faces.front(card) for card in ruleset.all_cards]
    svg_s = time.perf_counter() - started
    started = time.process_time()
    pdf = Canvas(io.BytesIO())
    painter = Painter(pdf)
    for face in drawn:
        painter.place(face, 0, 0)
        pdf.showPage()
    pdf.save()
    vector_s = time.process_time() - started
    one = drawn[0].svg
    svg_to_png(one, 300)
    started = time.perf_counter()
    for _ in range(5):
        svg_to_png(one, 300)
    return svg_s, len(drawn), vector_s, (time.perf_counter() - started) / 5


def main() -> None:
    load = os.getloadavg()[0]
    whole, whole_cpu = median_fresh(["six-winters", "--format", "pdf"], 3)
    pngs, pngs_cpu = median_fresh(["six-winters", "--format", "png"], 1)
    reprint = changed_card_reprint(3)
    one_png, _ = median_fresh(["six-winters", "--format", "png", "--only", "Whisper Drip"], 5)
    one_pdf, _ = median_fresh(["six-winters", "--format", "pdf", "--only", "Whisper Drip"], 5)
    svg_s, cards, vector_s, raster_s = stages()
    cores = os.cpu_count() or 1
    print(
        f"chronicler print, Six Winters (fresh processes, median; {cores} cores, load {load:.1f})"
    )
    print(f"  whole set, PDF (vectors), empty --out (target < 10 s CPU) {whole:7.2f} s wall")
    print(f"    its CPU time                                        {whole_cpu:7.2f} s")
    print(f"  whole set, PNG at 300 dpi, empty --out                 {pngs:7.2f} s wall")
    print(f"    its CPU time, workers included                      {pngs_cpu:7.2f} s")
    print(f"  whole set, PNG, one card changed since last run        {reprint:7.2f} s wall")
    print(f"  one card (--only), PNG, empty --out (target < 1 s)     {one_png:7.2f} s wall")
    print(f"  one card (--only), PDF, empty --out                    {one_pdf:7.2f} s wall")
    print("stages, in process")
    print(f"  draw {cards} fronts as SVG                             {svg_s * 1000:7.0f} ms")
    print(f"  draw {cards} fronts into a PDF, CPU                    {vector_s * 1000:7.0f} ms")
    print(f"  rasterise one face at 300 dpi                         {raster_s * 1000:7.0f} ms")


if __name__ == "__main__":
    main()
