const DEFAULT_QUIET_ZONE = 4;
const DEFAULT_PNG_SCALE = 8;

function checkWholeNumber(value: number, name: string, min: number, max: number): number {
	if (!Number.isInteger(value) || value < min || value > max) {
		throw new Error(
			`QR code: ${name} must be a whole number from ${min} to ${max}, not ${String(value)}`,
		);
	}
	return value;
}

export function checkQuietZone(quietZone: number = DEFAULT_QUIET_ZONE): number {
	return checkWholeNumber(quietZone, 'the quiet zone', 0, 100);
}

export function checkScale(scale: number = DEFAULT_PNG_SCALE): number {
	return checkWholeNumber(scale, 'the PNG scale (pixels per module)', 1, 100);
}
