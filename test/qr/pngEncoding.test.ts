/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
import { inflateSync } from 'node:zlib';

import { encodeQr } from '../../nodes/LinkShortener/qr/encode';
import { adler32, crc32, qrToPng, zlibDeflate } from '../../nodes/LinkShortener/qr/png';

function pseudoRandomBytes(length: number): Uint8Array {
	const bytes = new Uint8Array(length);
	let state = 12345;
	for (let i = 0; i < length; i++) {
		state = (state * 1103515245 + 12345) >>> 0;
		bytes[i] = state >>> 24;
	}
	return bytes;
}

describe('checksums (published check values)', () => {
	it('CRC-32 of "123456789" is 0xCBF43926', () => {
		expect(crc32(Buffer.from('123456789'))).toBe(0xcbf43926);
	});

	it('CRC-32 of an IEND chunk (type, no data) is AE 42 60 82, as in every PNG', () => {
		expect(crc32(Buffer.from('IEND'), Buffer.alloc(0))).toBe(0xae426082);
	});

	it('Adler-32 of "Wikipedia" is 0x11E60398', () => {
		expect(adler32(Buffer.from('Wikipedia'))).toBe(0x11e60398);
	});
});

/** Runs, repeats at every distance and length, and noise: what LZ77 matches and what it cannot. */
function mixedBytes(length: number): Uint8Array {
	const noise = pseudoRandomBytes(length);
	const bytes = new Uint8Array(length);
	for (let i = 0; i < length; i++) {
		const block = Math.floor(i / 997) % 4;
		bytes[i] =
			block === 0
				? noise[i]
				: block === 1
					? 0xff
					: block === 2
						? bytes[i - (1 + (i % 300))]
						: noise[i] & 0x81;
	}
	return bytes;
}

describe("zlib stream with fixed-Huffman deflate, checked by Node's zlib (which verifies Adler-32)", () => {
	it.each([0, 1, 2, 3, 258, 259, 65535, 65536, 200_000])(
		'%i bytes of noise, runs and repeats inflate back unchanged',
		(length) => {
			for (const data of [pseudoRandomBytes(length), mixedBytes(length), new Uint8Array(length)]) {
				expect(Buffer.compare(inflateSync(zlibDeflate(data)), Buffer.from(data))).toBe(0);
			}
		},
	);

	it('compresses a QR image to a few percent of its pixels', () => {
		const matrix = encodeQr('https://sho.rt/abc123', 'M');
		const side = (matrix.size + 8) * 8;
		expect(qrToPng(matrix).length).toBeLessThan((side * (1 + side / 8)) / 10);
	});

	it('a damaged stream is refused (the check has teeth)', () => {
		const stream = zlibDeflate(pseudoRandomBytes(1000));
		stream[stream.length - 1] ^= 1;
		expect(() => inflateSync(stream)).toThrow(/incorrect data check/);
	});

	it("a PNG's IDAT inflates to one filter byte plus the packed pixels per row", () => {
		const matrix = encodeQr('https://sho.rt/abc123', 'Q');
		const png = qrToPng(matrix, 5);
		const idatStart = png.indexOf('IDAT', 0, 'latin1');
		const idatLength = png.readUInt32BE(idatStart - 4);
		expect(png.readUInt32BE(idatStart + 4 + idatLength)).toBe(
			crc32(png.subarray(idatStart, idatStart + 4 + idatLength)),
		);
		const raw = inflateSync(png.subarray(idatStart + 4, idatStart + 4 + idatLength));
		const side = (matrix.size + 8) * 5;
		expect(raw.length).toBe(side * (1 + Math.ceil(side / 8)));
	});
});
