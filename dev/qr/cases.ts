import type { QrErrorCorrectionLevel } from '../../nodes/LinkShortener/qr/encode';

export const LEVELS: QrErrorCorrectionLevel[] = ['L', 'M', 'Q', 'H'];

// Byte-mode capacity in bytes, ISO/IEC 18004 table 7, for the versions under test and the
// version before each.
export const CAPACITY: Record<number, Record<QrErrorCorrectionLevel, number>> = {
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

export interface QrCase {
	level: QrErrorCorrectionLevel;
	version: number;
	length: number;
	text: string;
}

/** Text of `length` characters that looks like a short link with a query string. */
export function urlOfLength(length: number, seed = 0): string {
	const prefix = length >= 20 ? 'https://sho.rt/' : 'sho.rt/';
	const alphabet = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ0123456789-_.~/?=&%';
	let text = prefix;
	for (let i = 0; text.length < length; i++)
		text += alphabet[(i * 31 + seed * 7 + ((i * i) % 13)) % alphabet.length];
	return text.slice(0, length);
}

/**
 * For versions 1, 2, 7, 10 and 40 at every level: the shortest text that needs the version
 * (one byte more than the version before holds) and the longest it holds.
 */
export const QR_CASES: QrCase[] = LEVELS.flatMap((level) =>
	[1, 2, 7, 10, 40].flatMap((version) => {
		const previous = PREVIOUS[version];
		const shortest =
			previous === undefined ? Math.ceil(CAPACITY[1][level] / 2) : CAPACITY[previous][level] + 1;
		const longest = CAPACITY[version][level];
		return [shortest, longest].map((length) => ({
			level,
			version,
			length,
			text: urlOfLength(length, version),
		}));
	}),
);
