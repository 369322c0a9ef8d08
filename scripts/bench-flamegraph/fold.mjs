// A V8 CPU profile (`node --cpu-prof`) folded into weighted stacks: each sample is the stack of its node (root
// first), weighted by the time until the next sample (timeDeltas, as Chrome's DevTools count it) but at most twice
// the profile's usual interval, optionally only the samples taken within a time window of the profile's clock
// (microseconds).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSourceMap } from './source-map.mjs';

/** Frames V8 reports outside JavaScript: kept by name, without a location. */
const META = new Set(['(root)', '(program)', '(idle)', '(garbage collector)']);

/** The repository a file belongs to: the nearest folder above it with a package-lock.json (else its own folder). */
function repositoryOf(file) {
  for (let dir = path.dirname(file); ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package-lock.json'))) return dir;
    if (dir === path.dirname(dir)) return path.dirname(file);
  }
}

/** A file's name as the flame graph shows it: from node_modules/ for a library, else from its repository's root. */
function shorten(file, repository) {
  const modules = file.lastIndexOf('node_modules/');
  if (modules >= 0) return file.slice(modules + 'node_modules/'.length);
  return path.relative(repository, file);
}

/** A readable name for a call frame: function, then file and line (the original file when a source map says). */
function frameNamer() {
  const scripts = new Map();
  const scriptOf = (url) => {
    if (!scripts.has(url)) {
      const file = fileURLToPath(url);
      const repository = repositoryOf(file);
      scripts.set(url, { file, repository, sourceMap: loadSourceMap(file) });
    }
    return scripts.get(url);
  };
  return ({ functionName, url, lineNumber, columnNumber }) => {
    const name = functionName || '(anonymous)';
    if (META.has(name) || !url) return name;
    const line = lineNumber >= 0 ? `:${lineNumber + 1}` : '';
    if (!url.startsWith('file://')) return `${name} ${url}${line}`;
    const script = scriptOf(url);
    const original = lineNumber >= 0 ? script.sourceMap?.(lineNumber, columnNumber) : undefined;
    if (original) return `${name} ${shorten(original.source, script.repository)}:${original.line + 1}`;
    return `${name} ${shorten(script.file, script.repository)}${line}`;
  };
}

/**
 * Folds `profile` into `Map<stack joined by ";", microseconds>` for the samples taken in [from, to] (the whole
 * profile when not given), with the time counted and the time left out as gaps between samples. Nested calls between a WebAssembly module's functions (PGlite's
 * PostgreSQL: thousands of unnamed wasm-function[N]) become one frame per module unless `keepWasmFunctions`.
 */
export function foldProfile(profile, { from = -Infinity, to = Infinity, keepWasmFunctions = false } = {}) {
  const nameOf = frameNamer();
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const stacks = new Map();
  const stackOf = (id) => {
    if (!stacks.has(id)) {
      const frames = [];
      for (let at = id; at !== undefined; at = parents.get(at)) {
        const { callFrame } = nodes.get(at);
        // Unnamed WebAssembly functions (wasm-function[N]) calling each other are one frame per module unless asked.
        const wasm = !keepWasmFunctions && callFrame.url.startsWith('wasm://');
        const name = wasm ? `(WebAssembly) ${callFrame.url}` : nameOf(callFrame);
        if (name !== '(root)' && !(wasm && name === frames.at(-1))) frames.push(name);
      }
      stacks.set(id, frames.reverse().join(';'));
    }
    return stacks.get(id);
  };

  // A sample stands for the time until the next one, up to twice the usual interval: a longer gap is the process
  // (and V8's sampling thread with it) waiting for a core on a busy machine, not time spent in that frame.
  const { samples, timeDeltas } = profile;
  const sorted = timeDeltas.slice(1).sort((a, b) => a - b);
  const cap = 2 * (sorted[Math.floor(sorted.length / 2)] ?? Infinity);
  const folded = new Map();
  let sampled = 0;
  let gaps = 0;
  let time = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    time += timeDeltas[i];
    const next = i + 1 < samples.length ? time + timeDeltas[i + 1] : profile.endTime;
    const span = Math.max(0, next - time);
    if (time < from || time > to || span === 0) continue;
    const weight = Math.min(span, cap);
    const stack = stackOf(samples[i]);
    folded.set(stack, (folded.get(stack) ?? 0) + weight);
    sampled += weight;
    gaps += span - weight;
  }
  return { folded, sampled, gaps };
}

/** Each frame's self time (the time it was the top of the stack), largest first. */
export function selfTimes(folded) {
  const self = new Map();
  for (const [stack, weight] of folded) {
    const top = stack.slice(stack.lastIndexOf(';') + 1);
    self.set(top, (self.get(top) ?? 0) + weight);
  }
  return [...self].sort((a, b) => b[1] - a[1]);
}
