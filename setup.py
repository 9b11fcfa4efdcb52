"""The one build step pyproject.toml cannot declare: the worked examples of the course
(``examples/``, their one source in the repository) are copied into the package, as
``cardlib/data/examples/``, when a wheel is built, so that an installed cardlib finds them
(:func:`cardlib.check.shipped_examples`).  An editable install reads ``examples/`` itself."""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE / "examples"
PACKAGED = Path("cardlib", "data", "examples")


class build_py_with_examples(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:  # the source tree's examples/ is found where it is
            return
        dest = Path(self.build_lib) / PACKAGED
        shutil.rmtree(dest, ignore_errors=True)
        for source in sorted(EXAMPLES.rglob("*.yaml")):
            target = dest / source.relative_to(EXAMPLES)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if not self.editable_mode:
            dest = Path(self.build_lib) / PACKAGED
            outputs += [str(dest / p.relative_to(EXAMPLES)) for p in EXAMPLES.rglob("*.yaml")]
        return outputs


setup(cmdclass={"build_py": build_py_with_examples})
