import type { IBinaryData, INodeExecutionData } from 'n8n-workflow';

import { SEEDED } from '../../dev/sandbox/server';
import { useLinkShortener } from '../helpers/fixture';
import { createMany } from '../helpers/bulk';
import { decodeCells, decodePng } from './decoders';
import { rasteriseSvg } from './svgRaster';

function binaryOf(item: INodeExecutionData, property = 'qrCode'): IBinaryData {
	const binary = item.binary?.[property];
	if (!binary) throw new Error(`No binary property "${property}" on ${JSON.stringify(item.json)}`);
	return binary;
}

function bytesOf(binary: IBinaryData): Buffer {
	return Buffer.from(binary.data, 'base64');
}

/** What an independent decoder reads from the item's QR code, PNG or SVG. */
function readQr(item: INodeExecutionData, property = 'qrCode'): string {
	const binary = binaryOf(item, property);
	if (binary.mimeType === 'image/png') return decodePng(bytesOf(binary)).text;
	const { cells } = rasteriseSvg(bytesOf(binary).toString('utf8'));
	return decodeCells(cells, 4).text;
}

describe('QR codes (D13)', () => {
	const ls = useLinkShortener();

	it('Link > Create adds a PNG of the short URL, named after the path, that a decoder reads back', async () => {
		const { items, error } = await ls.run({
			resource: 'link',
			operation: 'create',
			longUrl: 'https://example.com/qr',
			additionalFields: { path: 'spring-qr' },
			options: { qrCode: 'png' },
		});

		expect(error).toBeUndefined();
		const binary = binaryOf(items[0]);
		expect(binary).toMatchObject({
			mimeType: 'image/png',
			fileName: 'spring-qr.png',
			fileExtension: 'png',
		});
		expect(readQr(items[0])).toBe(items[0].json.shortUrl);
		expect(items[0].json.shortUrl).toBe('https://sho.rt/spring-qr');
	});

	it('Link > Get adds an SVG in the chosen binary property at the chosen level', async () => {
		const { items, error } = await ls.run({
			resource: 'link',
			operation: 'get',
			linkId: { __rl: true, mode: 'id', value: SEEDED.ownLinks[1].id },
			options: { qrCode: 'svg', qrBinaryProperty: 'code', qrErrorCorrection: 'H' },
		});

		expect(error).toBeUndefined();
		expect(binaryOf(items[0], 'code')).toMatchObject({
			mimeType: 'image/svg+xml',
			fileName: 'launch.svg',
		});
		expect(items[0].binary?.qrCode).toBeUndefined();
		expect(readQr(items[0], 'code')).toBe('https://go.example.com/launch');
	});

	it('Link > Get Many adds a QR code to every link of every page', async () => {
		ls.sandbox.addLinks(150, {});

		const { items, error } = await ls.run({
			resource: 'link',
			operation: 'getMany',
			returnAll: true,
			options: { qrCode: 'png', qrErrorCorrection: 'L' },
		});

		expect(error).toBeUndefined();
		expect(items).toHaveLength(153);
		expect(items.every((item) => item.binary?.qrCode?.mimeType === 'image/png')).toBe(true);
		for (const item of [items[0], items[120], items[152]])
			expect(readQr(item)).toBe(item.json.shortUrl);
	});

	it('Bulk > Create Many adds a QR code to each created link', async () => {
		const rows = Array.from({ length: 3 }, (_, i) => ({
			longUrl: `https://example.com/bulk-qr/${i}`,
		}));

		const { items, error } = await ls.run(
			createMany({ mappingMode: 'autoMap', options: { qrCode: 'svg' } }),
			rows,
		);

		expect(error).toBeUndefined();
		expect(items.map((item) => readQr(item))).toEqual(items.map((item) => item.json.shortUrl));
		expect(items.map((item) => binaryOf(item).fileName)).toEqual(
			items.map((item) => `${String(item.json.path)}.svg`),
		);
	});

	it('without QR Code, items carry no binary data', async () => {
		const { items } = await ls.run({
			resource: 'link',
			operation: 'get',
			linkId: { __rl: true, mode: 'id', value: SEEDED.ownLinks[0].id },
		});

		expect(items[0].binary).toBeUndefined();
	});

	it('refuses a binary property name that cannot be right before any request', async () => {
		const { error } = await ls.run({
			resource: 'link',
			operation: 'create',
			longUrl: 'https://example.com/qr',
			options: { qrCode: 'png', qrBinaryProperty: 'not a name' },
		});

		expect(error?.message).toBe(
			'Invalid QR Code Binary Property in item 0: "not a name" is not a binary property name: use letters, digits, "_", "$" or "-", not starting with a digit or "-", for example qrCode',
		);
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it('refuses an unknown error correction level before any request', async () => {
		const { error } = await ls.run({
			resource: 'link',
			operation: 'create',
			longUrl: 'https://example.com/qr',
			options: { qrCode: 'png', qrErrorCorrection: 'X' },
		});

		expect(error?.message).toBe(
			'Invalid QR Code Error Correction in item 0: "X" is not a level: use L, M, Q or H',
		);
		expect(ls.sandbox.requests).toHaveLength(0);
	});

	it("Create Many refuses a bad QR option as the run's setting, naming it, before any request", async () => {
		const { error } = await ls.run(
			{
				resource: 'bulk',
				operation: 'createMany',
				mappingMode: 'autoMap',
				options: { qrCode: 'gif' },
			},
			[{ json: { longUrl: 'https://example.com/qr' } }],
		);

		expect(error?.message).toBe(
			'Invalid QR Code (options.qrCode): "gif" is not a QR code format: use none, svg or png',
		);
		expect(ls.sandbox.requests).toHaveLength(0);
	});
});
