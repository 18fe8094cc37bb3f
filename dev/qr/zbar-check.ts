/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console -- development tooling, not loaded by n8n */
/**
 * Second, independent reader for the QR encoder: writes a PNG for every case of the test
 * matrix (versions 1, 2, 7, 10 and 40 at levels L, M, Q and H) and reads it back with ZBar's
 * `zbarimg` (Debian package zbar-tools). Exits non-zero on any mismatch.
 *
 *   npx ts-node --transpile-only dev/qr/zbar-check.ts
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { encodeQr } from '../../nodes/LinkShortener/qr/encode';
import { qrToPng } from '../../nodes/LinkShortener/qr/png';
import { QR_CASES } from './cases';

const probe = spawnSync('zbarimg', ['--version'], { encoding: 'utf8' });
if (probe.error) {
	console.error('zbarimg is not installed: apt-get update && apt-get install -y zbar-tools');
	process.exit(2);
}

const folder = mkdtempSync(join(tmpdir(), 'qr-zbar-'));
let passed = 0;
let failed = 0;
try {
	for (const { level, version, length, text } of QR_CASES) {
		const name = `v${version}-${level}-${length}`;
		const matrix = encodeQr(text, level);
		const file = join(folder, `${name}.png`);
		writeFileSync(file, qrToPng(matrix, 4));
		// zbarimg: --raw prints only the data, one line per symbol; -q drops the statistics.
		const read = spawnSync('zbarimg', ['--raw', '-q', file], { encoding: 'utf8', timeout: 60_000 });
		const decoded = read.stdout.replace(/\n$/, '');
		const problems = [
			matrix.version !== version && `version ${matrix.version}, expected ${version}`,
			// zbarimg exits with 4 when the image holds no symbol it can read.
			read.status === 4 && 'zbarimg found no QR code in the image',
			read.status !== 0 &&
				read.status !== 4 &&
				`zbarimg exited with ${read.status ?? read.signal}: ${read.stderr.trim()}`,
			read.status === 0 &&
				decoded !== text &&
				`zbarimg read ${JSON.stringify(decoded.slice(0, 80))}…`,
		].filter(Boolean);
		if (problems.length === 0) {
			passed++;
			console.log(`ok   ${name}`);
		} else {
			failed++;
			console.log(`FAIL ${name}: ${problems.join('; ')}`);
		}
	}
} finally {
	rmSync(folder, { recursive: true, force: true });
}
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = failed === 0 ? 0 : 1;
