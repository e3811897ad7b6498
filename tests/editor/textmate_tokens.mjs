// Tokenizes .rules files with the TextMate grammar the way VS Code does (vscode-textmate on
// vscode-oniguruma) and prints, as JSON, each file's tokens: line, start, end, text, scopes.
// Usage: node textmate_tokens.mjs NODE_MODULES GRAMMAR FILE...
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

const [given, grammarPath, ...files] = process.argv.slice(2);
const modules = resolve(given);
const require = createRequire(join(modules, "index.js"));
const vsctm = require("vscode-textmate");
const oniguruma = require("vscode-oniguruma");

const wasm = readFileSync(join(modules, "vscode-oniguruma", "release", "onig.wasm")).buffer;
await oniguruma.loadWASM(wasm);
const registry = new vsctm.Registry({
  onigLib: Promise.resolve({
    createOnigScanner: (patterns) => new oniguruma.OnigScanner(patterns),
    createOnigString: (text) => new oniguruma.OnigString(text),
  }),
  loadGrammar: async () =>
    vsctm.parseRawGrammar(readFileSync(grammarPath, "utf8"), grammarPath),
});
const grammar = await registry.loadGrammar("source.rules");
const out = {};
for (const file of files) {
  const lines = readFileSync(file, "utf8").split(/\r?\n/);
  let stack = vsctm.INITIAL;
  const tokens = [];
  lines.forEach((line, number) => {
    const result = grammar.tokenizeLine(line, stack);
    for (const token of result.tokens) {
      const end = Math.min(token.endIndex, line.length);
      if (end > token.startIndex) {
        tokens.push([number, token.startIndex, end, line.slice(token.startIndex, end), token.scopes]);
      }
    }
    stack = result.ruleStack;
  });
  out[file] = tokens;
}
process.stdout.write(JSON.stringify(out));
