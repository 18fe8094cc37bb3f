import {
	alignmentPositions,
	formatBits,
	maskPenalty,
	penaltyOfLine,
	versionBits,
} from '../../nodes/LinkShortener/qr/symbol';
import { reedSolomonRemainder } from '../../nodes/LinkShortener/qr/encode';

describe('Reed–Solomon error correction codewords (published examples)', () => {
	it('"01234567", version 1-M (ISO/IEC 18004 annex I)', () => {
		const data = [16, 32, 12, 86, 97, 128, 236, 17, 236, 17, 236, 17, 236, 17, 236, 17];
		expect([...reedSolomonRemainder(data, 10)]).toEqual([
			165, 36, 212, 193, 237, 54, 199, 135, 44, 85,
		]);
	});

	it('"HELLO WORLD", version 1-M', () => {
		const data = [32, 91, 11, 120, 209, 114, 220, 77, 67, 64, 236, 17, 236, 17, 236, 17];
		expect([...reedSolomonRemainder(data, 10)]).toEqual([
			196, 35, 39, 119, 235, 215, 231, 226, 93, 23,
		]);
	});

	it('first block of a version 5-Q symbol (18 codewords)', () => {
		const data = [67, 85, 70, 134, 87, 38, 85, 194, 119, 50, 6, 18, 6, 103, 38];
		expect([...reedSolomonRemainder(data, 18)]).toEqual([
			213, 199, 11, 45, 115, 247, 241, 223, 229, 248, 154, 117, 154, 111, 86, 161, 111, 39,
		]);
	});
});

describe('format and version information (ISO/IEC 18004 annexes C and D)', () => {
	it.each([
		['L', 0, '111011111000100'],
		['L', 7, '110100101110110'],
		['M', 0, '101010000010010'],
		['M', 5, '100000011001110'],
		['Q', 0, '011010101011111'],
		['Q', 3, '011101000000110'],
		['H', 0, '001011010001001'],
		['H', 7, '000100000111011'],
	] as const)('level %s, mask %i: %s', (level, mask, bits) => {
		expect(formatBits(level, mask).toString(2).padStart(15, '0')).toBe(bits);
	});

	it.each([
		[7, '000111110010010100'],
		[10, '001010010011010011'],
		[21, '010101011010000011'],
		[40, '101000110001101001'],
	])('version %i: %s', (version, bits) => {
		expect(versionBits(version).toString(2).padStart(18, '0')).toBe(bits);
	});
});

describe('alignment pattern centres (ISO/IEC 18004 annex E)', () => {
	it.each([
		[1, []],
		[2, [6, 18]],
		[7, [6, 22, 38]],
		[10, [6, 28, 50]],
		[15, [6, 26, 48, 70]],
		[32, [6, 34, 60, 86, 112, 138]],
		[36, [6, 24, 50, 76, 102, 128, 154]],
		[40, [6, 30, 58, 86, 114, 142, 170]],
	])('version %i: %j', (version, positions) => {
		expect(alignmentPositions(version)).toEqual(positions);
	});
});

describe('mask penalty rules (ISO/IEC 18004 7.8.3)', () => {
	const line = (pattern: string) => Uint8Array.from(pattern, Number);
	const flat = (grid: boolean[][]) => Uint8Array.from(grid.flat(), Number);

	it.each([
		['five dark in a row: N1', '11111', 3],
		['seven light in a row: N1 + 2', '0000000', 5],
		['four in a row: nothing', '0000', 0],
		['1:1:3:1:1 at the edge, light beyond it: N3', '1011101', 40],
		['1:1:3:1:1 after four light modules: N3', '000010111010', 40],
		['1:1:3:1:1 before four light modules: N3', '0101110100001', 40],
		['1:1:3:1:1 with one light module each side: nothing', '010111010', 0],
		['2:1:3:1:1 is not the ratio: nothing', '110111010000', 0],
		[
			'1:1:3:1:1 at twice the width, at the edge: N3, and N1 + 1 for the 6-run',
			'11001111110011',
			44,
		],
	])('%s', (_name, pattern, penalty) => {
		expect(penaltyOfLine(line(pattern), 0, 1, pattern.length)).toBe(penalty);
	});

	it('an all-light 5×5 grid: N1 per row and column, N2 per 2×2 block, N4 for 0 % dark', () => {
		const light = Array.from({ length: 5 }, () => new Array<boolean>(5).fill(false));
		expect(maskPenalty(flat(light), 5)).toBe(10 * 3 + 16 * 3 + 10 * 10);
	});

	it('a 4×4 checkerboard: no runs, no blocks, exactly 50 % dark', () => {
		const board = Array.from({ length: 4 }, (_, row) =>
			Array.from({ length: 4 }, (_, column) => (row + column) % 2 === 0),
		);
		expect(maskPenalty(flat(board), 4)).toBe(0);
	});
});
