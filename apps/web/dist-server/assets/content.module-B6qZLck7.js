var content_module_default = {
	section: "_section_thfkw_1",
	sectionTight: "_sectionTight_thfkw_6 _section_thfkw_1",
	eyebrow: "_eyebrow_thfkw_10",
	h1: "_h1_thfkw_18",
	h2: "_h2_thfkw_24",
	h3: "_h3_thfkw_29",
	lead: "_lead_thfkw_33",
	muted: "_muted_thfkw_40",
	grid3: "_grid3_thfkw_45",
	grid4: "_grid4_thfkw_50",
	card: "_card_thfkw_55",
	articleCard: "_articleCard_thfkw_61 _card_thfkw_55",
	articleImage: "_articleImage_thfkw_68",
	articleBody: "_articleBody_thfkw_76",
	articleTitle: "_articleTitle_thfkw_83",
	meta: "_meta_thfkw_95",
	cardActions: "_cardActions_thfkw_100",
	center: "_center_thfkw_107",
	empty: "_empty_thfkw_115",
	prose: "_prose_thfkw_120",
	notice: "_notice_thfkw_163"
};
export { content_module_default as t };

//# sourceMappingURL=content.module-B6qZLck7.js.map