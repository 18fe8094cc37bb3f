/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * n8n/README.md is the one list of what the package relies on of n8n: every row names files
 * that exist and functions those files hold, so that the list cannot drift from the code.
 */
const REPO = path.resolve(__dirname, '../..');
const N8N_DIR = path.join(REPO, 'nodes/LinkShortener/n8n');
const README = fs.readFileSync(path.join(N8N_DIR, 'README.md'), 'utf8');

const namesIn = (cell: string) => [...cell.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

/** Each table row: its files, resolved in n8n/, the node's folder or the repository. */
const ROWS = README.split('\n')
	.filter((line) => /^\| `/.test(line))
	.map((line) => {
		const [files, functions] = line.split('|').slice(1, 3);
		return { files: namesIn(files), functions: namesIn(functions), line };
	});

function resolved(file: string): string | undefined {
	return [N8N_DIR, path.dirname(N8N_DIR), REPO]
		.map((base) => path.join(base, file))
		.find((full) => fs.existsSync(full));
}

describe('n8n/README.md', () => {
	it('lists the places in its two tables, each with a function', () => {
		expect(ROWS.length).toBeGreaterThanOrEqual(20);
		for (const row of ROWS) expect(row.functions.length).toBeGreaterThan(0);
	});

	it.each(ROWS.map((row) => [row.files.join(', '), row] as const))(
		'%s: the files exist and hold the functions named',
		(_files, row) => {
			const texts = row.files.map((file) => {
				const full = resolved(file);
				expect({ file, exists: full !== undefined }).toEqual({ file, exists: true });
				return fs.readFileSync(full!, 'utf8');
			});
			for (const name of row.functions) {
				const held = texts.some((text) =>
					new RegExp(`(function|const|class|type|interface)\\s+${name}\\b|\\b${name}[:.(]`).test(
						text,
					),
				);
				expect({ name, held }).toEqual({ name, held: true });
			}
		},
	);

	it('names every file of n8n/ in its first table', () => {
		const listed = new Set(ROWS.flatMap((row) => row.files));
		const files = fs.readdirSync(N8N_DIR).filter((file) => file.endsWith('.ts'));
		expect(files.filter((file) => !listed.has(file))).toEqual([]);
	});
});
