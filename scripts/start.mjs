// `npm start` after the web build: the server, and outside production the demo studio beside it
// (apps/provider-demo), which the server registers as the provider `demo`, so PG GAMES can be
// played on the embedded default. Production (NODE_ENV=production) never starts it; PROVIDER_DEMO=false
// turns it off. Stopping `npm start` stops both; when the server exits the studio is stopped too (a
// studio that cannot start, say its port is taken, only costs the PG GAMES tab).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const isProduction = process.env.NODE_ENV === 'production';
const isDemoOn = !isProduction && !['0', 'false', 'no', 'off'].includes((process.env.PROVIDER_DEMO ?? '').toLowerCase());
const port = process.env.PORT || '8080';
const demoPort = process.env.PROVIDER_DEMO_PORT || '8090';

const children = [];
function run(file, env) {
  const child = spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: 'inherit',
  });
  children.push(child);
  return child;
}

if (isDemoOn) {
  run('apps/provider-demo/src/main.ts', {
    PROVIDER_DEMO_PORT: demoPort,
    MAYUR_WALLET_URL: `http://127.0.0.1:${port}/api/provider/demo`,
  });
}
const server = run(
  'apps/server/src/main.ts',
  isDemoOn && !process.env.PROVIDER_DEMO_URL ? { PROVIDER_DEMO_URL: `http://localhost:${demoPort}` } : {},
);

let isStopping = false;
function stopAll(signal) {
  if (isStopping) return;
  isStopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));
server.on('exit', (code) => {
  stopAll('SIGTERM');
  process.exitCode = code ?? 1;
});
for (const child of children.filter((entry) => entry !== server)) {
  child.on('exit', (code) => {
    if (!isStopping) console.warn(`the demo studio stopped (exit ${code}); PG GAMES cannot be played until npm start runs again`);
  });
}
