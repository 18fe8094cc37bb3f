// GF(256) with the QR code's primitive polynomial x^8 + x^4 + x^3 + x^2 + 1 (0x11D).
const PRIMITIVE_POLYNOMIAL = 0x11d;

/** EXP[i] = α^i, doubled in length so that EXP[LOG[a] + LOG[b]] needs no modulo. */
const EXP = new Uint8Array(510);
const LOG = new Uint8Array(256);

let value = 1;
for (let exponent = 0; exponent < 255; exponent++) {
	EXP[exponent] = value;
	EXP[exponent + 255] = value;
	LOG[value] = exponent;
	value <<= 1;
	if (value & 0x100) value ^= PRIMITIVE_POLYNOMIAL;
}

export function gfMultiply(a: number, b: number): number {
	if (a === 0 || b === 0) return 0;
	return EXP[LOG[a] + LOG[b]];
}

/** α^exponent, for 0 ≤ exponent < 255. */
export function gfPowerOfAlpha(exponent: number): number {
	return EXP[exponent];
}
