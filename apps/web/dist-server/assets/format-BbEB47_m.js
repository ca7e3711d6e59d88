// src/lib/format.ts
/** Seconds as mm:ss for the OTP countdown (180 → "03:00"); never below 00:00. */
function formatMmSs(totalSeconds) {
	const s = Math.max(0, Math.floor(totalSeconds));
	return `${String(Math.floor(s / 60)).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`;
}
var dateFormat = new Intl.DateTimeFormat("en-US", {
	month: "short",
	day: "2-digit",
	year: "numeric"
});
var dateTimeFormat = new Intl.DateTimeFormat("en-US", {
	month: "short",
	day: "2-digit",
	year: "numeric",
	hour: "numeric",
	minute: "2-digit"
});
/** 'MMM DD YYYY' (spec section 9); the input itself when it is not a date. */
function formatDate(value) {
	if (!value) return "N/A";
	const d = new Date(value);
	return Number.isNaN(d.getTime()) ? value : dateFormat.format(d).replace(",", "");
}
/** 'MMM - DD - YYYY, h:mm A' (spec section 9). */
function formatDateTime(value) {
	if (!value) return "N/A";
	const d = new Date(value);
	if (Number.isNaN(d.getTime())) return value;
	const parts = Object.fromEntries(dateTimeFormat.formatToParts(d).map((p) => [p.type, p.value]));
	return `${parts.month} - ${parts.day} - ${parts.year}, ${parts.hour}:${parts.minute} ${parts.dayPeriod}`;
}
/** Money as US dollars; numbers arrive as numbers or numeric strings. */
function formatPrice(value) {
	const n = typeof value === "string" ? Number(value) : value;
	if (n === null || n === void 0 || Number.isNaN(n)) return "N/A";
	return new Intl.NumberFormat("en-US", {
		style: "currency",
		currency: "USD"
	}).format(n);
}
export { formatPrice as i, formatDateTime as n, formatMmSs as r, formatDate as t };

//# sourceMappingURL=format-BbEB47_m.js.map