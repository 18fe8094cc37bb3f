/** The fields of the API's Link record (spec 2.2), sorted: what a tool's answer holds of a link (D18). */
export const LINK_RECORD_KEYS = [
	'createdAt',
	'domain',
	'expiredAt',
	'id',
	'longUrl',
	'path',
	'shortUrl',
	'tags',
	'title',
	'totalNumberOfClick',
	'updatedAt',
];
