/* eslint-disable @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
import { inflateSync } from 'node:zlib';

import { qrToPng, encodeQr } from '../../nodes/LinkShortener/qr';
import { adler32, crc32 } from '../../nodes/LinkShortener/qr/checksums';
import { zlibStored } from '../../nodes/LinkShortener/qr/zlibStored';

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

describe("zlib stream of stored blocks, checked by Node's zlib (which verifies Adler-32)", () => {
	it.each([0, 1, 65535, 65536, 200_000])('%i bytes inflate back unchanged', (length) => {
		const data = pseudoRandomBytes(length);
		expect(Buffer.compare(inflateSync(zlibStored(data)), Buffer.from(data))).toBe(0);
	});

	it('a damaged stream is refused (the check has teeth)', () => {
		const stream = zlibStored(pseudoRandomBytes(1000));
		stream[stream.length - 1] ^= 1;
		expect(() => inflateSync(stream)).toThrow(/incorrect data check/);
	});

	it("a PNG's IDAT inflates to one filter byte plus the packed pixels per row", () => {
		const matrix = encodeQr('https://sho.rt/abc123', 'Q');
		const png = qrToPng(matrix, { scale: 5 });
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
