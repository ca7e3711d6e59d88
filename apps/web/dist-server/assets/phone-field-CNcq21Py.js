import { useMemo } from "react";
import { Grid, Select, Text, TextInput } from "@mantine/core";
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/min";
import { jsx, jsxs } from "react/jsx-runtime";
var regionNames = new Intl.DisplayNames(["en"], { type: "region" });
function toCountryCode(country) {
	const upper = country.toUpperCase();
	return getCountries().includes(upper) ? upper : void 0;
}
/** Every country libphonenumber knows, named in English with its calling code, sorted by name. */
function countryOptions() {
	return getCountries().map((code) => ({
		value: code.toLowerCase(),
		label: `${regionNames.of(code) ?? code} (+${getCountryCallingCode(code)})`
	})).sort((a, b) => a.label.localeCompare(b.label));
}
/**
* Combines the picked country and the typed national number into E.164 (+15551234567), the form the server keeps.
* Input that cannot be parsed is still combined digit by digit so the shared validation can reject it with the
* spec's message instead of it silently vanishing.
*/
function combinePhone(country, national) {
	const trimmed = national.trim();
	if (!trimmed) return "";
	const code = toCountryCode(country);
	if (trimmed.startsWith("+")) return parsePhoneNumberFromString(trimmed)?.number ?? trimmed.replace(/[^\d+]/g, "");
	if (!code) return trimmed.replace(/\D/g, "");
	const parsed = parsePhoneNumberFromString(trimmed, code);
	if (parsed) return parsed.number;
	return `+${getCountryCallingCode(code)}${trimmed.replace(/\D/g, "")}`;
}
/** Splits a stored E.164 number back into picker country and national number for editing. */
function splitPhone(e164, fallbackCountry = "us") {
	const parsed = e164 ? parsePhoneNumberFromString(e164) : void 0;
	if (!parsed) return {
		country: fallbackCountry,
		national: e164.replace(/^\+/, "")
	};
	return {
		country: (parsed.country ?? fallbackCountry).toLowerCase(),
		national: parsed.formatNational()
	};
}
/** A stored number shown to people: international format when it parses, as stored otherwise. */
function formatPhone(e164) {
	return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
/** '+1' for 'us'; empty for an unknown country. */
function callingCodeOf(country) {
	const code = toCountryCode(country);
	return code ? `+${getCountryCallingCode(code)}` : "";
}
// src/components/ui/phone-field.tsx
/**
* Country picker (default 'us') and national number side by side, stacked below 600 px; the caller combines them
* to E.164 with combinePhone. The calling code is shown inside the number field as a reminder.
*/
function PhoneField({ country, national, onCountryChange, onNationalChange, error }) {
	const options = useMemo(countryOptions, []);
	const callingCode = callingCodeOf(country);
	return /* @__PURE__ */ jsxs(Grid, {
		gap: "md",
		children: [/* @__PURE__ */ jsx(Grid.Col, {
			span: {
				base: 12,
				xs: 6
			},
			children: /* @__PURE__ */ jsx(Select, {
				label: "Country",
				data: options,
				value: country,
				onChange: (value) => value && onCountryChange(value),
				searchable: true,
				allowDeselect: false,
				size: "md",
				autoComplete: "country",
				nothingFoundMessage: "No country found",
				maxDropdownHeight: 260,
				comboboxProps: {
					width: 300,
					position: "bottom-start"
				}
			})
		}), /* @__PURE__ */ jsx(Grid.Col, {
			span: {
				base: 12,
				xs: 6
			},
			children: /* @__PURE__ */ jsx(TextInput, {
				label: "Phone Number",
				type: "tel",
				inputMode: "tel",
				autoComplete: "tel-national",
				size: "md",
				leftSection: callingCode ? /* @__PURE__ */ jsx(Text, {
					size: "sm",
					c: "var(--kindred-muted)",
					"aria-hidden": true,
					children: callingCode
				}) : void 0,
				leftSectionWidth: callingCode.length * 9 + 18,
				value: national,
				onChange: (e) => onNationalChange(e.currentTarget.value),
				error
			})
		})]
	});
}
export { splitPhone as i, combinePhone as n, formatPhone as r, PhoneField as t };

//# sourceMappingURL=phone-field-CNcq21Py.js.map