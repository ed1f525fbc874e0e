// `npm run admin -- <command> --option value ...`: the operator CLI (apps/server/src/cli/admin.ts), run
// from a bundle that is compiled on the first call and again only after its sources change (see
// admin-bundle.mjs). The bundle reads the command from process.argv as the TypeScript entry does.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureAdminBundle } from './admin-bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bundle = await ensureAdminBundle(root, path.join(root, 'node_modules/.cache/mayur-admin'));
await import(pathToFileURL(bundle).href);
