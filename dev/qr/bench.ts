/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, no-console -- development tooling, not loaded by n8n */
/**
 * Time per QR code for typical short URLs: encode, then PNG, then SVG. Printed, never asserted.
 *
 *   npx ts-node --transpile-only dev/qr/bench.ts [count]
 */
import { performance } from 'node:perf_hooks';

import { encodeQr, qrToPng, qrToSvg, type QrMatrix } from '../../nodes/LinkShortener/qr';

const count = Number(process.argv[2] ?? 10_000);
const urls = Array.from(
	{ length: count },
	(_, i) => `https://sho.rt/${((i * 2654435761) >>> 0).toString(36).slice(0, 6)}`,
);

function time(label: string, run: (url: string, index: number) => unknown): void {
	const start = performance.now();
	urls.forEach(run);
	const elapsed = performance.now() - start;
	console.log(
		`${label.padEnd(26)} ${(elapsed / count).toFixed(3)} ms per code (${count} codes, ${(elapsed / 1000).toFixed(1)} s)`,
	);
}

const matrices: QrMatrix[] = [];
time('encodeQr (level M)', (url) => matrices.push(encodeQr(url, 'M')));
time('qrToPng (scale 8)', (_url, index) => qrToPng(matrices[index], { scale: 8 }));
time('qrToSvg', (_url, index) => qrToSvg(matrices[index]));
time('encodeQr + qrToPng', (url) => qrToPng(encodeQr(url, 'M'), { scale: 8 }));
time('encodeQr + qrToSvg', (url) => qrToSvg(encodeQr(url, 'M')));
const sample = matrices[0];
console.log(
	`version ${sample.version} (${sample.size}×${sample.size}): PNG ${qrToPng(sample, { scale: 8 }).length} bytes, SVG ${qrToSvg(sample).length} bytes`,
);
