/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports, @n8n/community-nodes/no-dangerous-functions, no-console -- development tooling, not loaded by n8n */
/**
 * QR codes for typical short URLs, side by side with the most-used npm encoder (`qrcode`, a
 * dev dependency of this bench only) on the same URLs, at level M, 8 pixels per module and a
 * quiet zone of 4: time per code (encoding included) and bytes per code, PNG and SVG, in turns
 * in one process; then every PNG of the package read back by `zbarimg` when it is installed.
 * Ratios are the marks (targets: at most 1.0× qrcode's time and bytes); times are printed, never
 * asserted.
 *
 *   npx ts-node --transpile-only dev/qr/bench.ts [count]
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';

import * as QRCode from 'qrcode';

import { encodeQr } from '../../nodes/LinkShortener/qr/encode';
import { qrToPng } from '../../nodes/LinkShortener/qr/png';
import { qrToSvg } from '../../nodes/LinkShortener/qr/svg';

const count = Number(process.argv[2] ?? 10_000);
const ROUNDS = 3;
const urls = Array.from(
	{ length: count },
	(_, i) => `https://sho.rt/${((i * 2654435761) >>> 0).toString(36).slice(0, 6)}`,
);

type Make = (url: string) => Promise<{ length: number }> | { length: number };

/** Milliseconds and bytes per code: the median of ROUNDS rounds over every URL. */
async function measure(make: Make): Promise<{ ms: number; bytes: number }> {
	const rounds: number[] = [];
	let bytes = 0;
	for (let round = 0; round < ROUNDS; round++) {
		bytes = 0;
		const start = performance.now();
		for (const url of urls) bytes += (await make(url)).length;
		rounds.push((performance.now() - start) / count);
	}
	return { ms: rounds.sort((a, b) => a - b)[Math.floor(ROUNDS / 2)], bytes: bytes / count };
}

const mark = (ratio: number) => `${ratio.toFixed(2)}× ${ratio <= 1 ? '✅' : '❌'}`;

/** Every PNG the package makes, read back by zbarimg (in batches); how many gave back their URL. */
function zbarCheck(): string {
	if (spawnSync('zbarimg', ['--version']).error)
		return 'zbarimg: not installed (apt-get install zbar-tools), PNGs not read back';
	const folder = mkdtempSync(join(tmpdir(), 'qr-bench-'));
	let matched = 0;
	try {
		for (let start = 0; start < count; start += 500) {
			const batch = urls.slice(start, start + 500);
			const files = batch.map((url, i) => {
				const file = join(folder, `${start + i}.png`);
				writeFileSync(file, qrToPng(encodeQr(url, 'M')));
				return file;
			});
			const read = spawnSync('zbarimg', ['--raw', '-q', ...files], {
				encoding: 'utf8',
				maxBuffer: 64 * 1024 * 1024,
			});
			const decoded = new Set(read.stdout.split('\n'));
			matched += batch.filter((url) => decoded.has(url)).length;
		}
	} finally {
		rmSync(folder, { recursive: true, force: true });
	}
	return `zbarimg read back ${matched} of ${count} PNGs to their exact URL ${matched === count ? '✅' : '❌'}`;
}

async function main(): Promise<void> {
	const options = { errorCorrectionLevel: 'M' as const, margin: 4 };
	// warm-up: both encoders compiled before the first measured round
	for (const url of urls.slice(0, 200)) {
		qrToSvg(encodeQr(url, 'M'));
		await QRCode.toString(url, { ...options, type: 'svg' });
	}
	const rows: Array<[string, { ms: number; bytes: number }, { ms: number; bytes: number }]> = [
		[
			'PNG',
			await measure((url) => qrToPng(encodeQr(url, 'M'))),
			await measure(async (url) => await QRCode.toBuffer(url, { ...options, scale: 8 })),
		],
		[
			'SVG',
			await measure((url) => qrToSvg(encodeQr(url, 'M'))),
			await measure(async (url) => await QRCode.toString(url, { ...options, type: 'svg' })),
		],
	];
	console.log(
		`| Format | Package: ms per code | qrcode: ms per code | Time: package ÷ qrcode | Package: bytes | qrcode: bytes | Size: package ÷ qrcode |`,
	);
	console.log('|---|---:|---:|---:|---:|---:|---:|');
	for (const [format, ours, theirs] of rows) {
		console.log(
			`| ${format} | ${ours.ms.toFixed(3)} | ${theirs.ms.toFixed(3)} | ${mark(ours.ms / theirs.ms)} | ${Math.round(ours.bytes)} | ${Math.round(theirs.bytes)} | ${mark(ours.bytes / theirs.bytes)} |`,
		);
	}
	console.log(`\n${zbarCheck()}`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
