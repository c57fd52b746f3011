"""Installs the top-level folders client/, server/, shared/ and assets/ as one import package,
``soupkitchen`` (``soupkitchen.client``, ``soupkitchen.server``, ``soupkitchen.shared``,
``soupkitchen.assets``); everything else is declared in pyproject.toml."""

from setuptools import find_packages, setup

FOLDERS = ("client", "server", "shared", "assets")

packages = []
for folder in FOLDERS:
    packages.append(f"soupkitchen.{folder}")
    packages.extend(f"soupkitchen.{folder}.{sub}" for sub in find_packages(folder))

setup(
    packages=packages,
    package_dir={f"soupkitchen.{folder}": folder for folder in FOLDERS},
    package_data={"": ["*.json"], "soupkitchen.client": ["locale/*/LC_MESSAGES/*.mo"], "soupkitchen.assets": ["**/*.svg", "sounds/*.wav"]},
)
