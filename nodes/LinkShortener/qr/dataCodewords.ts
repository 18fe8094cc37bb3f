import { blockLayout, MAX_VERSION, MIN_VERSION } from './capacityTables';
import type { QrErrorCorrectionLevel } from './types';

const BYTE_MODE_INDICATOR = 0b0100;
const PAD_BYTES = [0xec, 0x11];

function characterCountBits(version: number): number {
	return version <= 9 ? 8 : 16;
}

function bitsNeeded(byteCount: number, version: number): number {
	return 4 + characterCountBits(version) + 8 * byteCount;
}

/** The largest byte count a version-40 symbol holds at this level. */
function maxByteCount(level: QrErrorCorrectionLevel): number {
	const capacityBits = blockLayout(MAX_VERSION, level).dataCodewords * 8;
	return Math.floor((capacityBits - bitsNeeded(0, MAX_VERSION)) / 8);
}

/** The smallest version whose data capacity holds `byteCount` bytes in byte mode. */
export function smallestVersion(byteCount: number, level: QrErrorCorrectionLevel): number {
	for (let version = MIN_VERSION; version <= MAX_VERSION; version++) {
		if (bitsNeeded(byteCount, version) <= blockLayout(version, level).dataCodewords * 8) {
			return version;
		}
	}
	throw new Error(
		`QR code: the text is ${byteCount} bytes long (UTF-8), but at most ${maxByteCount(level)} bytes fit in a QR code at error correction level ${level} (version 40)`,
	);
}

class BitWriter {
	readonly bytes: number[] = [];
	private bitLength = 0;

	get length(): number {
		return this.bitLength;
	}

	write(value: number, bitCount: number): void {
		for (let bit = bitCount - 1; bit >= 0; bit--) {
			if (this.bitLength % 8 === 0) this.bytes.push(0);
			if ((value >>> bit) & 1) this.bytes[this.bytes.length - 1] |= 0x80 >>> this.bitLength % 8;
			this.bitLength++;
		}
	}
}

/**
 * Mode indicator, character count, the bytes, the terminator and the pad codewords: exactly
 * the data codewords of the version and level.
 */
export function dataCodewords(
	bytes: Uint8Array,
	version: number,
	level: QrErrorCorrectionLevel,
): Uint8Array {
	const capacityBits = blockLayout(version, level).dataCodewords * 8;
	const writer = new BitWriter();
	writer.write(BYTE_MODE_INDICATOR, 4);
	writer.write(bytes.length, characterCountBits(version));
	for (const byte of bytes) writer.write(byte, 8);
	writer.write(0, Math.min(4, capacityBits - writer.length));
	writer.write(0, (8 - (writer.length % 8)) % 8);
	const codewords = new Uint8Array(capacityBits / 8);
	codewords.set(writer.bytes);
	for (let i = writer.bytes.length; i < codewords.length; i++) {
		codewords[i] = PAD_BYTES[(i - writer.bytes.length) % 2];
	}
	return codewords;
}
