import type { QrErrorCorrectionLevel } from './types';

const LEVEL_FORMAT_BITS: Record<QrErrorCorrectionLevel, number> = {
	L: 0b01,
	M: 0b00,
	Q: 0b11,
	H: 0b10,
};
const FORMAT_GENERATOR = 0x537;
const FORMAT_MASK = 0x5412;
const VERSION_GENERATOR = 0x1f25;

/** Remainder of `value · x^degree` divided by `generator` (a BCH code over GF(2)). */
function bchRemainder(value: number, degree: number, generator: number): number {
	let remainder = value;
	for (let i = 0; i < degree; i++)
		remainder = (remainder << 1) ^ ((remainder >>> (degree - 1)) * generator);
	return remainder;
}

/** The 15 format bits: level and mask, BCH(15,5), XOR 101010000010010. */
export function formatBits(level: QrErrorCorrectionLevel, mask: number): number {
	const data = (LEVEL_FORMAT_BITS[level] << 3) | mask;
	return ((data << 10) | bchRemainder(data, 10, FORMAT_GENERATOR)) ^ FORMAT_MASK;
}

/** The 18 version bits of versions 7–40: the version, BCH(18,6). */
export function versionBits(version: number): number {
	return (version << 12) | bchRemainder(version, 12, VERSION_GENERATOR);
}
