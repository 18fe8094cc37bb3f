/** The five UTM fields: the parameter name (Additional Fields / Update Fields) and the query key (D12). */
export const UTM_FIELDS = [
	{ field: 'utmSource', key: 'utm_source', label: 'UTM Source' },
	{ field: 'utmMedium', key: 'utm_medium', label: 'UTM Medium' },
	{ field: 'utmCampaign', key: 'utm_campaign', label: 'UTM Campaign' },
	{ field: 'utmTerm', key: 'utm_term', label: 'UTM Term' },
	{ field: 'utmContent', key: 'utm_content', label: 'UTM Content' },
] as const;

export type UtmField = (typeof UTM_FIELDS)[number]['field'];
export type UtmValues = Partial<Record<UtmField, unknown>>;
