import { encodeQr, qrToPng, type QrErrorCorrectionLevel } from '../../nodes/LinkShortener/shared/qr';
import { decodePng, urlOfLength } from './decoders';

// Byte-mode capacity in bytes, ISO/IEC 18004 table 7, for the versions under test and the
// version before each.
const CAPACITY: Record<number, Record<QrErrorCorrectionLevel, number>> = {
	1: { L: 17, M: 14, Q: 11, H: 7 },
	2: { L: 32, M: 26, Q: 20, H: 14 },
	6: { L: 134, M: 106, Q: 74, H: 58 },
	7: { L: 154, M: 122, Q: 86, H: 64 },
	9: { L: 230, M: 180, Q: 130, H: 98 },
	10: { L: 271, M: 213, Q: 151, H: 119 },
	39: { L: 2809, M: 2213, Q: 1579, H: 1219 },
	40: { L: 2953, M: 2331, Q: 1663, H: 1273 },
};
const PREVIOUS: Record<number, number | undefined> = { 1: undefined, 2: 1, 7: 6, 10: 9, 40: 39 };
const LEVELS: QrErrorCorrectionLevel[] = ['L', 'M', 'Q', 'H'];

const cases = LEVELS.flatMap((level) =>
	[1, 2, 7, 10, 40].flatMap((version) => {
		const previous = PREVIOUS[version];
		const shortest = previous === undefined ? Math.ceil(CAPACITY[1][level] / 2) : CAPACITY[previous][level] + 1;
		const longest = CAPACITY[version][level];
		return [shortest, longest].map((length) => ({ level, version, length }));
	}),
);

describe('encode → PNG → pngjs + jsQR', () => {
	it.each(cases)('level $level, $length characters: version $version, decoded exactly', ({ level, version, length }) => {
		const text = urlOfLength(length, version);
		expect(text).toHaveLength(length);
		const matrix = encodeQr(text, level);
		expect(matrix.version).toBe(version);
		expect(matrix.size).toBe(17 + 4 * version);
		expect(matrix.modules).toHaveLength(matrix.size);
		expect(matrix.modules.every((row) => row.length === matrix.size)).toBe(true);

		const scale = version >= 40 ? 3 : 4;
		const decoded = decodePng(qrToPng(matrix, { scale }));
		expect(decoded.width).toBe((matrix.size + 8) * scale);
		expect(decoded.height).toBe(decoded.width);
		expect(decoded.version).toBe(version);
		expect(decoded.text).toBe(text);
	});

	it.each(LEVELS)('level %s: one byte more than version 40 holds is refused, naming both numbers', (level) => {
		const maximum = CAPACITY[40][level];
		expect(() => encodeQr(urlOfLength(maximum + 1), level)).toThrow(
			new RegExp(`is ${maximum + 1} bytes long.*at most ${maximum} bytes fit.*level ${level}`),
		);
	});

	it('encodes UTF-8: multi-byte characters count as their bytes and decode back', () => {
		const text = 'https://sho.rt/café?q=ünïcødé€😀';
		const matrix = encodeQr(text, 'M');
		// 41 UTF-8 bytes in 32 characters: more than version 2-M's 26, within version 3-M's 42.
		expect(text).toHaveLength(32);
		expect(Buffer.byteLength(text)).toBe(41);
		expect(matrix.version).toBe(3);
		expect(decodePng(qrToPng(matrix)).text).toBe(text);
	});

	it('refuses an unknown error correction level', () => {
		expect(() => encodeQr('https://sho.rt/a', 'X' as QrErrorCorrectionLevel)).toThrow(
			'error correction level must be L, M, Q or H, not "X"',
		);
	});
});
