"""The one build step pyproject.toml cannot declare: the worked examples of the course
(``examples/``, their one source in the repository) are copied into the package, as
``cardlib/data/examples/``, when a wheel is built, so that an installed cardlib finds them
(:func:`cardlib.check.shipped_examples`), with the schema their first line names
(``# yaml-language-server: $schema=../example.schema.json``) where that line finds it.
An editable install reads ``examples/`` itself."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.command.install_lib import install_lib

HERE = Path(__file__).resolve().parent
EXAMPLES = HERE / "examples"
PACKAGED = Path("cardlib", "data", "examples")


def shipped() -> list[Path]:
    """The files copied: every worked example, and the schema their modeline names."""
    return [*sorted(EXAMPLES.rglob("*.yaml")), EXAMPLES / "example.schema.json"]


class build_py_with_examples(build_py):
    def run(self) -> None:
        super().run()
        if self.editable_mode:  # the source tree's examples/ is found where it is
            return
        dest = Path(self.build_lib) / PACKAGED
        shutil.rmtree(dest, ignore_errors=True)
        for source in shipped():
            target = dest / source.relative_to(EXAMPLES)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(source, target)

    def byte_compile(self, files: list[str]) -> None:
        if not sys.dont_write_bytecode:  # (else setuptools warns that it will not, each build)
            super().byte_compile(files)

    def get_outputs(self, include_bytecode: bool = True) -> list[str]:
        outputs = list(super().get_outputs(include_bytecode))
        if not self.editable_mode:
            dest = Path(self.build_lib) / PACKAGED
            outputs += [str(dest / p.relative_to(EXAMPLES)) for p in shipped()]
        return outputs


class install_lib_quietly(install_lib):
    def byte_compile(self, files: list[str]) -> None:
        if not sys.dont_write_bytecode:  # PYTHONDONTWRITEBYTECODE: nothing to compile, said once
            super().byte_compile(files)


setup(cmdclass={"build_py": build_py_with_examples, "install_lib": install_lib_quietly})
