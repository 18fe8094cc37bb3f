/* eslint-disable @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-dangerous-functions -- development tooling, not loaded by n8n */
/**
 * A bench child compiled to JavaScript (with what it imports), so that it runs on plain Node.js
 * as n8n runs the package: under ts-node, the TypeScript compiler alone adds about 55 MB to a
 * process's RSS (94 MB against 39 MB for an empty script), which a memory figure must not count.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';

const ROOT = resolve(__dirname, '..', '..');
const FLAGS = [
	'--module',
	'commonjs',
	'--target',
	'es2021',
	'--lib',
	'es2021,es2022.error',
	'--esModuleInterop',
	'--resolveJsonModule',
	'--skipLibCheck',
	'--types',
	'node',
	'--strict',
	'--useUnknownInCatchVariables',
	'false',
];

/** The environment to run a compiled child in: it lives outside the repository, its packages do not. */
export const COMPILED_ENV = { ...process.env, NODE_PATH: join(ROOT, 'node_modules') };

/** Compiles `entry` (a .ts file of the repository) and what it imports; returns the .js to run. */
export function compiled(entry: string): string {
	const out = mkdtempSync(join(tmpdir(), 'link-shortener-bench-js-'));
	process.once('exit', () => rmSync(out, { recursive: true, force: true }));
	execFileSync(
		process.execPath,
		[require.resolve('typescript/bin/tsc'), '--outDir', out, '--rootDir', ROOT, ...FLAGS, entry],
		{ stdio: 'inherit' },
	);
	return join(out, relative(ROOT, entry)).replace(/\.ts$/, '.js');
}
