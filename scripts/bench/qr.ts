/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions -- development tooling, not loaded by n8n */
/** The QR line: dev/qr/bench.ts (time per code: encode, PNG, SVG) in a child process, its output printed as it is. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

import { quick } from './args';

const QR_BENCH = join(__dirname, '..', '..', 'dev', 'qr', 'bench.ts');
const CODES = 10_000;
const QUICK_CODES = 1_000;

export function qrLines(): string {
	if (!existsSync(QR_BENCH)) return 'QR: dev/qr/bench.ts is not in this checkout.';
	const codes = quick ? QUICK_CODES : CODES;
	const run = spawnSync(
		process.execPath,
		['--require', 'ts-node/register/transpile-only', QR_BENCH, String(codes)],
		{
			encoding: 'utf8',
			env: { ...process.env, TS_NODE_PREFER_TS_EXTS: 'true' },
		},
	);
	if (run.status !== 0)
		throw new Error(`dev/qr/bench.ts failed (${run.status ?? run.signal}): ${run.stderr}`);
	return `QR codes for ${codes.toLocaleString('en-US')} short URLs (one process, one after another):\n${run.stdout.trimEnd()}`;
}
