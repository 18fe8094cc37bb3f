import {
	NodeOperationError,
	type IBinaryData,
	type IDataObject,
	type INode,
	type INodeExecutionData,
	type INodeProperties,
} from 'n8n-workflow';

import type { NodeRun } from '../n8n/nodeRun';

import { RowValidator, type FieldName } from '../fields/validation';
import { errorItem, pairedRowOf } from '../http/errorItems';
import { isErrorItem } from '../n8n/errorOutput';
import { runsAsTool } from '../n8n/toolMode';
import { encodeQr, LEVELS, type QrErrorCorrectionLevel } from './encode';
import { qrToPng } from './png';
import { qrToSvg } from './svg';

export interface QrSettings {
	format: 'svg' | 'png';
	property: string;
	level: QrErrorCorrectionLevel;
}

/** The three QR options of D13, for an operation's "Options" collection: a QR code for each link it outputs. */
export const qrCodeOptions: INodeProperties[] = [
	{
		displayName: 'QR Code',
		name: 'qrCode',
		type: 'options',
		options: [
			{ name: 'None', value: 'none' },
			{ name: 'SVG Image', value: 'svg', description: 'A scalable image (image/svg+xml)' },
			{
				name: 'PNG Image',
				value: 'png',
				description: 'A bitmap image, 8 pixels per module (image/png)',
			},
		],
		default: 'none',
		description: "Whether to add the short URL as a QR code to each output item's binary data",
	},
	{
		displayName: 'QR Code Binary Property',
		name: 'qrBinaryProperty',
		type: 'string',
		default: 'qrCode',
		description: 'The binary property of each output item that holds the QR code',
	},
	{
		displayName: 'QR Code Error Correction',
		name: 'qrErrorCorrection',
		type: 'options',
		options: [
			{ name: 'Low (7%)', value: 'L' },
			{ name: 'Medium (15%)', value: 'M' },
			{ name: 'Quartile (25%)', value: 'Q' },
			{ name: 'High (30%)', value: 'H' },
		],
		default: 'M',
		description:
			'How much of the code may be damaged or covered and still read; higher levels make larger codes',
	},
];

const QR_FIELDS = {
	format: { label: 'QR Code', parameter: 'options.qrCode' },
	property: { label: 'QR Code Binary Property', parameter: 'options.qrBinaryProperty' },
	level: { label: 'QR Code Error Correction', parameter: 'options.qrErrorCorrection' },
} satisfies Record<string, FieldName>;

/**
 * The QR settings of an "Options" collection, or undefined when no QR code is wanted; bad
 * values are refused before any request, by the row's `check` (a run's setting: the node's).
 */
export function qrSettingsOf(
	node: INode,
	options: IDataObject,
	check: RowValidator = RowValidator.ofSettings(node),
): QrSettings | undefined {
	const format = options.qrCode ?? 'none';
	if (format === 'none') return undefined;
	if (format !== 'svg' && format !== 'png') {
		check.fail(
			QR_FIELDS.format,
			`"${String(format)}" is not a QR code format: use none, svg or png`,
		);
	}
	const property = check.binaryProperty(
		options.qrBinaryProperty ?? 'qrCode',
		QR_FIELDS.property,
		'qrCode',
	);
	const level = String(options.qrErrorCorrection ?? 'M');
	if (!LEVELS.includes(level as QrErrorCorrectionLevel)) {
		check.fail(QR_FIELDS.level, `"${level}" is not a level: use L, M, Q or H`);
	}
	// A model reads text: an AI agent's tool answers carry no images.
	if (runsAsTool(node)) return undefined;
	return { format, property, level: level as QrErrorCorrectionLevel };
}

/**
 * Adds the QR code of each item's shortUrl as binary data, as its row's "Options" ask
 * (`settingsOf`); error items and items without a short URL are left as they are. A code that
 * cannot be made or stored is that item's own error, saying what was done to the link
 * (`made`): its error item under On Error: Continue, else the error that stops the node.
 */
export async function addQrCodes(
	context: NodeRun,
	items: INodeExecutionData[],
	settingsOf: (row: number) => QrSettings | undefined,
	made: 'created' | 'read',
): Promise<INodeExecutionData[]> {
	for (const [k, item] of items.entries()) {
		const row = pairedRowOf(item) ?? k;
		const settings = settingsOf(row);
		const shortUrl = item.json.shortUrl;
		if (!settings || isErrorItem(item) || typeof shortUrl !== 'string' || !shortUrl) continue;
		try {
			const binary = await qrCodeOf(context, item.json, shortUrl, settings);
			item.binary = { ...item.binary, [settings.property]: binary };
		} catch (error) {
			items[k] = withoutQrCode(context, row, item.json, error, made);
		}
	}
	return items;
}

async function qrCodeOf(
	context: NodeRun,
	link: IDataObject,
	shortUrl: string,
	settings: QrSettings,
): Promise<IBinaryData> {
	const matrix = encodeQr(shortUrl, settings.level);
	const [data, mimeType] =
		settings.format === 'png'
			? [qrToPng(matrix), 'image/png']
			: [Buffer.from(qrToSvg(matrix), 'utf8'), 'image/svg+xml'];
	const fileName = `${fileStemOf(link)}.${settings.format}`;
	return await context.helpers.prepareBinaryData(data, fileName, mimeType);
}

/** The link exists whatever became of its QR code: the error must say so, or running the item again creates another. */
function withoutQrCode(
	context: NodeRun,
	row: number,
	link: IDataObject,
	error: unknown,
	made: 'created' | 'read',
): INodeExecutionData {
	const created = made === 'created' && link.linkCreated !== false;
	const reason = error instanceof Error ? error.message : String(error);
	const message = `${created ? 'Created' : 'Read'} the link ${String(link.id)}, but not its QR code: ${reason}`;
	const description = created
		? 'The link exists, as do those of the run’s other items: running them again would create second ones. Read them with Link > Get Many, or turn on If Link Exists: Return Existing.'
		: 'The link is unchanged: only its QR code is missing.';
	if (!context.continueOnFail()) {
		throw new NodeOperationError(context.getNode(), message, { itemIndex: row, description });
	}
	return errorItem(row, message, { outcome: 'noQrCode', description, link });
}

/** A file name from the link's path ("spring-sale.png"); characters a file system may refuse become "-". */
function fileStemOf(link: IDataObject): string {
	let path = typeof link.path === 'string' ? link.path : '';
	if (!path && typeof link.shortUrl === 'string') {
		try {
			path = decodeURIComponent(new URL(link.shortUrl).pathname);
		} catch {
			path = '';
		}
	}
	const stem = path
		.replace(/^\/+|\/+$/g, '')
		.replace(/[^\w.-]+/g, '-')
		.replace(/^\.+/, '');
	return stem || (typeof link.id === 'string' ? link.id : 'qr-code');
}
