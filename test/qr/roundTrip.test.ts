import { encodeQr } from '../../nodes/LinkShortener/qr/encode';
import { qrToPng } from '../../nodes/LinkShortener/qr/png';
import { CAPACITY, LEVELS, QR_CASES, urlOfLength } from '../../dev/qr/cases';
import { decodePng } from './decoders';

describe('encode → PNG → pngjs + jsQR', () => {
	it.each(QR_CASES)(
		'level $level, $length characters: version $version, decoded exactly',
		({ level, version, length, text }) => {
			expect(text).toHaveLength(length);
			const matrix = encodeQr(text, level);
			expect(matrix.version).toBe(version);
			expect(matrix.size).toBe(17 + 4 * version);
			expect(matrix.modules).toHaveLength(matrix.size);
			expect(matrix.modules.every((row) => row.length === matrix.size)).toBe(true);

			const scale = version >= 40 ? 3 : 4;
			const decoded = decodePng(qrToPng(matrix, scale));
			expect(decoded.width).toBe((matrix.size + 8) * scale);
			expect(decoded.height).toBe(decoded.width);
			expect(decoded.version).toBe(version);
			expect(decoded.text).toBe(text);
		},
	);

	it.each(LEVELS)(
		'level %s: one byte more than version 40 holds is refused, naming both numbers',
		(level) => {
			const maximum = CAPACITY[40][level];
			expect(() => encodeQr(urlOfLength(maximum + 1), level)).toThrow(
				new RegExp(`is ${maximum + 1} bytes long.*at most ${maximum} bytes fit.*level ${level}`),
			);
		},
	);

	it('encodes UTF-8: multi-byte characters count as their bytes and decode back', () => {
		const text = 'https://sho.rt/café?q=ünïcødé€😀';
		const matrix = encodeQr(text, 'M');
		// 41 UTF-8 bytes in 32 characters: more than version 2-M's 26, within version 3-M's 42.
		expect(text).toHaveLength(32);
		expect(Buffer.byteLength(text)).toBe(41);
		expect(matrix.version).toBe(3);
		expect(decodePng(qrToPng(matrix)).text).toBe(text);
	});
});
