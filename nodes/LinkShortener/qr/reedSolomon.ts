import { gfMultiply, gfPowerOfAlpha } from './galoisField';

const generatorCache = new Map<number, Uint8Array>();

/**
 * Coefficients of (x − α^0)(x − α^1)…(x − α^(degree−1)), highest power first, without the
 * leading 1.
 */
function generatorPolynomial(degree: number): Uint8Array {
	const cached = generatorCache.get(degree);
	if (cached) return cached;
	const coefficients = new Uint8Array(degree);
	coefficients[degree - 1] = 1;
	for (let i = 0; i < degree; i++) {
		const root = gfPowerOfAlpha(i);
		for (let j = 0; j < degree; j++) {
			coefficients[j] = gfMultiply(coefficients[j], root);
			if (j + 1 < degree) coefficients[j] ^= coefficients[j + 1];
		}
	}
	generatorCache.set(degree, coefficients);
	return coefficients;
}

/** The error correction codewords of one block: the remainder of data·x^degree ÷ generator. */
export function reedSolomonRemainder(data: ArrayLike<number>, degree: number): Uint8Array {
	const generator = generatorPolynomial(degree);
	const remainder = new Uint8Array(degree);
	for (let i = 0; i < data.length; i++) {
		const factor = data[i] ^ remainder[0];
		remainder.copyWithin(0, 1);
		remainder[degree - 1] = 0;
		for (let j = 0; j < degree; j++) remainder[j] ^= gfMultiply(generator[j], factor);
	}
	return remainder;
}
