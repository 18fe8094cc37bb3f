/**
 * RFC 4180 rows as a spreadsheet reader gives them: header text as keys, every value a string,
 * a blank cell `""`. For tests that read back a file the node wrote.
 */
export function parseCsv(text: string): Array<Record<string, string>> {
	const rows: string[][] = [];
	let row: string[] = [];
	let field = '';
	let quoted = false;
	for (let i = 0; i < text.length; i++) {
		const char = text[i];
		if (quoted && char === '"' && text[i + 1] === '"') {
			field += '"';
			i++;
		} else if (char === '"') {
			quoted = !quoted;
		} else if (!quoted && char === ',') {
			row.push(field);
			field = '';
		} else if (!quoted && char === '\r' && text[i + 1] === '\n') {
			rows.push([...row, field]);
			row = [];
			field = '';
			i++;
		} else {
			field += char;
		}
	}
	if (field !== '' || row.length) throw new Error('The CSV does not end with CRLF');
	const [header, ...body] = rows;
	return body.map((cells) => Object.fromEntries(header.map((name, i) => [name, cells[i]])));
}
