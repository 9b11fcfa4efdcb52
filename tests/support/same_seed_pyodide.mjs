// The digests of tests/support/same_seed.py computed inside Pyodide, under node (issue 31).
//
//   node tests/support/same_seed_pyodide.mjs PYODIDE_DIR REPO_ROOT
//
// PYODIDE_DIR is an unpacked npm `pyodide` package (what tools/lite.py caches in
// build/lite-cache/npm/pyodide-VERSION); cardlib/, tests/support/ and tests/tinygame/ are
// copied from REPO_ROOT into Pyodide's file system as they are.  Prints one JSON object:
// the Python version, the hash width, and the digests.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const [pyodideDir, root] = process.argv.slice(2).map((p) => path.resolve(p));
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, stdout: () => {} });

const HOME = "/home/pyodide/repo";
function copy(from, to) {
  pyodide.FS.mkdirTree(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    if (entry.name === "__pycache__") continue;
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) copy(source, `${to}/${entry.name}`);
    else pyodide.FS.writeFile(`${to}/${entry.name}`, fs.readFileSync(source));
  }
}
for (const dir of ["cardlib", "tests/support", "tests/tinygame"]) {
  copy(path.join(root, dir), `${HOME}/${dir}`);
}

const result = await pyodide.runPythonAsync(`
import json, sys
sys.path.insert(0, ${JSON.stringify(HOME)})
from cardlib.games import GAMES, register
from tests.tinygame import SPEC
if SPEC.id not in GAMES:
    register(SPEC)
from tests.support.same_seed import digests
json.dumps({
    "python": sys.version.split()[0],
    "hash_bits": sys.hash_info.width,
    "digests": digests(),
})
`);
process.stdout.write(result + "\n");
