var blog_module_default = {
	recentList: "_recentList_fkstu_1",
	recentItem: "_recentItem_fkstu_8",
	recentImage: "_recentImage_fkstu_22",
	recentBody: "_recentBody_fkstu_29",
	pager: "_pager_fkstu_35",
	article: "_article_fkstu_42",
	articleHero: "_articleHero_fkstu_47",
	back: "_back_fkstu_55"
};
export { blog_module_default as t };

//# sourceMappingURL=blog.module-CSz-uaEV.js.map