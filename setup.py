"""Installs the top-level folders client/, server/, shared/ and assets/ as one import package,
``soupkitchen`` (``soupkitchen.client``, ``soupkitchen.server``, ``soupkitchen.shared``,
``soupkitchen.assets``), with each language's word catalog compiled (by Babel) into the .mo file the
client reads; everything else is declared in pyproject.toml."""

from babel.messages.setuptools_frontend import compile_catalog
from setuptools import find_packages, setup
from setuptools.command.build_py import build_py

FOLDERS = ("client", "server", "shared", "assets")

packages = []
for folder in FOLDERS:
    packages.append(f"soupkitchen.{folder}")
    packages.extend(f"soupkitchen.{folder}.{sub}" for sub in find_packages(folder))


class BuildWithCatalogs(build_py):
    """Compiles client/locale/<lang>/LC_MESSAGES/soupkitchen.po before the package data is copied,
    so that a wheel built from a bare checkout speaks every language (the .mo files are not in git)."""

    def run(self) -> None:
        self.run_command("compile_catalog")
        super().run()


setup(
    packages=packages,
    package_dir={f"soupkitchen.{folder}": folder for folder in FOLDERS},
    package_data={
        "": ["*.json"],
        "soupkitchen.client": ["locale/*/LC_MESSAGES/*.mo"],
        "soupkitchen.assets": ["**/*.svg", "sounds/*.wav"],
    },
    cmdclass={"compile_catalog": compile_catalog, "build_py": BuildWithCatalogs},
    command_options={
        "compile_catalog": {"domain": ("setup.py", "soupkitchen"), "directory": ("setup.py", "client/locale")}
    },
)
