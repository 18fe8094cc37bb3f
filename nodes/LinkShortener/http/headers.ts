/** An answer's header by name, any case; the first value of a repeated one. */
export function headerOf(headers: unknown, name: string): string | undefined {
	if (typeof headers !== 'object' || headers === null) return undefined;
	const all = headers as Record<string, unknown>;
	const key = name in all ? name : Object.keys(all).find((k) => k.toLowerCase() === name);
	const value = key === undefined ? undefined : all[key];
	if (Array.isArray(value)) return value.length ? String(value[0]) : undefined;
	return value === undefined || value === null ? undefined : String(value);
}
