// A child process that answers requests, one line in, text and a line "END"
// out (bench/bench_native.cpp --serve, bench/js/tfjs.mjs). The benchmark
// starts its children once, before it times anything: a child started
// between two timings made Node's next timings up to 5x slower (fork()
// write-protects the parent's pages, which then fault again).
import { spawn } from 'node:child_process';

export function startServer(command, args) {
  const child = spawn(command, args, { stdio: ['pipe', 'pipe', 'inherit'] });
  let buffer = '', waiting = null, failure = null;
  const settle = () => {
    if (!waiting) return;
    const end = buffer.indexOf('END\n');
    if (failure && end < 0) { waiting.reject(failure); waiting = null; return; }
    if (end < 0) return;
    const text = buffer.slice(0, end);
    buffer = buffer.slice(end + 4);
    waiting.resolve(text);
    waiting = null;
  };
  child.stdin.on('error', () => {});  // a server that exited: reported by exit
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (s) => { buffer += s; settle(); });
  child.on('error', (e) => { failure = e; settle(); });
  child.on('exit', (code) => { failure = failure || new Error(`${command} exited (${code})`); settle(); });
  // The first answer: what the server says once it is ready.
  const next = () => new Promise((resolve, reject) => { waiting = { resolve, reject }; settle(); });
  const ready = next();
  return {
    ready,
    ask(line) {
      child.stdin.write(`${line}\n`);
      return next();
    },
    close() { child.stdin.end(); },
  };
}
