import { a as RACES, n as EDUCATION_LEVELS, r as ETHNICITIES } from "./constants-CZAAzTUa.js";
import { z } from "zod";
// ../../packages/shared/src/vocabulary.ts
/**
* The one vocabulary of option values shared by donor records, preference sets, the engine and the web forms.
* Spellings are the spec's stored spellings (sections 3 and 9): lowercase with underscores. The earlier backend
* spelled donors and preferences differently, so some donors could never match; every value therefore lives here
* once and everything else imports it.
*/
/** The sentinel the wizard stores for "No Preference" in any list or single choice. */
var NO_PREFERENCE = "no_preference";
var DONOR_TYPES = [
	"egg",
	"sperm",
	"surrogate"
];
/** Anonymous, known, open identity at 18. Upper case is the spec's stored spelling for this one list. */
var DISCLOSURES = [
	"ANON",
	"KNOWN",
	"OPEN"
];
var AVAILABILITY = [
	"available",
	"reserved",
	"unavailable"
];
var HAIR_COLORS = [
	"black",
	"brown",
	"blonde",
	"red"
];
var EYE_COLORS = [
	"blue",
	"brown",
	"green",
	"hazel",
	"grey",
	"amber"
];
/** Donors may state no religion; parents cannot prefer it because the wizard does not offer it. */
var DONOR_RELIGIONS = [...[
	"christianity",
	"islam",
	"hinduism",
	"buddhism",
	"judaism",
	"sikhism",
	"confucianism",
	"jainism",
	"shinto",
	"spiritism",
	"zoroastrianism",
	"taoism"
], "none"];
/**
* Lifestyle scales are ordered from least to most exposure (or activity), so a preference can be read as
* "at most" (smoking, drugs) or "at least" (exercise). The spec names the questions but not their options.
*/
var SMOKING_HISTORY = [
	"never",
	"former",
	"occasional",
	"regular"
];
var RECREATIONAL_DRUGS = [
	"never",
	"former",
	"occasional",
	"regular"
];
var EXERCISE_LEVELS = [
	"none",
	"occasional",
	"regular",
	"daily"
];
var ALCOHOL_USE = [
	"none",
	"social",
	"regular"
];
var BLOOD_GROUPS = [
	"O+",
	"O-",
	"A+",
	"A-",
	"B+",
	"B-",
	"AB+",
	"AB-"
];
/**
* Carrier-screening conditions from spec section 3 after normalisation: BRCA1 and BRCA2 are one combined value,
* alpha/beta thalassemia collapse to `thalassemia`, cystic fibrosis variants to `cystic_fibrosis`. Order is fixed:
* the engine uses the position as a bit in 32-bit masks, so append only.
*/
var GENETIC_CONDITIONS = [
	"cystic_fibrosis",
	"fragile_x_syndrome",
	"sickle_cell_disease",
	"tay_sachs_disease",
	"thalassemia",
	"turner_syndrome",
	"wilson_disease",
	"spinal_muscular_atrophy",
	"brca1_brca2",
	"a1_antitrypsin_deficiency",
	"hereditary_hemochromatosis",
	"congenital_adrenal_hyperplasia",
	"galactosemia",
	"phenylketonuria",
	"canavan_disease",
	"hemoglobin_c",
	"hemoglobin_e",
	"gaucher_disease",
	"bloom_syndrome",
	"fanconi_anemia_group_c",
	"glycogen_storage_disease_1a",
	"maple_syrup_urine_disease",
	"mucolipidosis_iv",
	"niemann_pick_a"
];
/** The checklist's "None Known": clears every other choice. */
var NONE_KNOWN = "none_known";
var CHRONIC_CONDITIONS = [
	"hypertension",
	"diabetes_i",
	"diabetes_ii",
	"high_cholesterol",
	"cancer",
	"obesity",
	"autoimmune_disease"
];
/** The checklist's "No chronic conditions preferred": stored as a flag, never as a list item. */
var NO_CHRONIC_CONDITIONS = "no_chronic_conditions_preferred";
/** Preference categories, each scored 0-100 and weighted by the parent's importance settings. */
var MATCH_CATEGORIES = [
	"demographic",
	"medical_genetic",
	"lifestyle_environment",
	"values_legal"
];
/** Per-condition outcome of a parent-donor carrier check (domain notes, "Carrier screening"). */
var CARRIER_STATUSES = [
	"compatible",
	"unknown",
	"high_risk",
	"donor_risk"
];
/** Zod enums of the lists above, for request, import and response schemas. */
var donorTypeSchema = z.enum(DONOR_TYPES);
z.enum(DISCLOSURES);
z.enum(AVAILABILITY);
z.enum(RACES);
z.enum(ETHNICITIES);
z.enum(HAIR_COLORS);
z.enum(EYE_COLORS);
z.enum(EDUCATION_LEVELS);
z.enum(DONOR_RELIGIONS);
z.enum(SMOKING_HISTORY);
z.enum(RECREATIONAL_DRUGS);
z.enum(EXERCISE_LEVELS);
z.enum(ALCOHOL_USE);
z.enum(BLOOD_GROUPS);
z.enum(GENETIC_CONDITIONS);
z.enum(CHRONIC_CONDITIONS);
z.enum(CARRIER_STATUSES);
export { NO_PREFERENCE as a, NO_CHRONIC_CONDITIONS as i, MATCH_CATEGORIES as n, donorTypeSchema as o, NONE_KNOWN as r, CHRONIC_CONDITIONS as t };

//# sourceMappingURL=vocabulary-BH9a7HMT.js.map