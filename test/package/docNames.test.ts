/* eslint-disable @n8n/community-nodes/no-restricted-globals, @n8n/community-nodes/no-restricted-imports -- tests, not loaded by n8n */
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The names in backticks in docs/architecture.md and in the concept folders' READMEs exist: a
 * file or folder (under the README's folder, the node's folder or the repository), or a name the
 * code of nodes/ and credentials/ uses. Docs that name what is gone fail here.
 */
const REPO = path.resolve(__dirname, '../..');
const NODE_DIR = path.join(REPO, 'nodes/LinkShortener');

function sourcesOf(dir: string): string[] {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourcesOf(full);
		return entry.name.endsWith('.ts') ? [full] : [];
	});
}

const code = [...sourcesOf(NODE_DIR), ...sourcesOf(path.join(REPO, 'credentials'))]
	.map((file) => fs.readFileSync(file, 'utf8'))
	.join('\n');

const docs = [
	path.join(REPO, 'docs/architecture.md'),
	...fs
		.readdirSync(NODE_DIR, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => path.join(NODE_DIR, entry.name, 'README.md'))
		.filter((file) => fs.existsSync(file)),
];

/** What a name in backticks refers to, or undefined for text that names nothing (code, values). */
function missing(name: string, docDir: string): boolean | undefined {
	if (/[<>{}…*\s(]/.test(name)) return undefined;
	if (/\.(ts|md|json)$/.test(name) || name.endsWith('/')) {
		return ![docDir, NODE_DIR, REPO].some((base) => fs.existsSync(path.join(base, name)));
	}
	if (/^[A-Za-z_$][\w$]*$/.test(name) && /[a-z][A-Z]|^[A-Z][a-z]+[A-Z]/.test(name)) {
		return !new RegExp(`\\b${name.replace(/\$/g, '\\$')}\\b`).test(code);
	}
	return undefined;
}

describe.each(docs.map((file) => [path.relative(REPO, file), file]))('%s', (_name, file) => {
	it('names only files, folders and code that exist', () => {
		const text = fs.readFileSync(file, 'utf8');
		const names = [...text.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]);
		const gone = names.filter((name) => missing(name, path.dirname(file)));
		expect(gone).toEqual([]);
		expect(names.length).toBeGreaterThan(0);
	});
});
