import { N as paths, c as teamQuery, l as testimonialsQuery, n as Seo, o as recentBlogsQuery, t as DEFAULT_DESCRIPTION } from "../entry-server.js";
import { t as ArticleCard } from "./article-card-DWr9VDbJ.js";
import { t as content_module_default } from "./content.module-B6qZLck7.js";
import { i as cardContent } from "./blog-display-UEv-78c3.js";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { Button, Loader } from "@mantine/core";
import { IconBolt, IconChevronLeft, IconChevronRight, IconDna, IconHeartHandshake, IconMessageHeart, IconScale, IconShieldCheck, IconSparkles, IconTargetArrow, IconUserHeart, IconUsers } from "@tabler/icons-react";
import { Fragment as Fragment$1, jsx, jsxs } from "react/jsx-runtime";
// src/features/home/components/articles-section.tsx
/** Spec: the first 3 articles as cards; 'Read Articles' opens /find-blog with the article in navigation state. */
function ArticlesSection() {
	const { data, isPending } = useQuery(recentBlogsQuery());
	const articles = (data ?? []).slice(0, 3);
	return /* @__PURE__ */ jsxs("section", {
		className: content_module_default.section,
		"aria-labelledby": "articles-title",
		children: [
			/* @__PURE__ */ jsx("p", {
				className: content_module_default.eyebrow,
				children: "Articles"
			}),
			/* @__PURE__ */ jsx("h2", {
				id: "articles-title",
				className: content_module_default.h2,
				children: "Guides for your journey"
			}),
			isPending ? /* @__PURE__ */ jsxs("div", {
				className: content_module_default.center,
				role: "status",
				children: [/* @__PURE__ */ jsx(Loader, { size: 40 }), /* @__PURE__ */ jsx("span", { children: "Loading articles..." })]
			}) : articles.length === 0 ? /* @__PURE__ */ jsx("p", {
				className: content_module_default.empty,
				children: "No articles found."
			}) : /* @__PURE__ */ jsx("div", {
				className: content_module_default.grid3,
				style: { marginTop: 24 },
				children: articles.map((a) => /* @__PURE__ */ jsx(ArticleCard, {
					article: a,
					text: cardContent(a),
					action: /* @__PURE__ */ jsx(Button, {
						component: Link,
						to: paths.findBlog,
						state: { article: a },
						variant: "light",
						"aria-label": `Read Articles: ${a.title ?? "Untitled Article"}`,
						children: "Read Articles"
					})
				}, a.id))
			})
		]
	});
}
var home_module_default = {
	hero: "_hero_1kq4j_1",
	heroImage: "_heroImage_1kq4j_16",
	band: "_band_1kq4j_22",
	bandPlum: "_bandPlum_1kq4j_27",
	stepNumber: "_stepNumber_1kq4j_34",
	bannerSteps: "_bannerSteps_1kq4j_45",
	icon: "_icon_1kq4j_59",
	serviceLink: "_serviceLink_1kq4j_69",
	serviceCta: "_serviceCta_1kq4j_80",
	split: "_split_1kq4j_86",
	gallery: "_gallery_1kq4j_91",
	galleryItem: "_galleryItem_1kq4j_99",
	galleryImage: "_galleryImage_1kq4j_105",
	galleryFallback: "_galleryFallback_1kq4j_111",
	galleryCaption: "_galleryCaption_1kq4j_118",
	teamCard: "_teamCard_1kq4j_121",
	teamImage: "_teamImage_1kq4j_128",
	teamEmail: "_teamEmail_1kq4j_135",
	carousel: "_carousel_1kq4j_140",
	quote: "_quote_1kq4j_145",
	carouselControls: "_carouselControls_1kq4j_151",
	roundButton: "_roundButton_1kq4j_158",
	cta: "_cta_1kq4j_172",
	buttonRow: "_buttonRow_1kq4j_176"
};
// src/features/home/components/hero-sections.tsx
var TAGLINE = "Leveraging AI to help individuals and couples find their perfect match!";
function Hero() {
	return /* @__PURE__ */ jsxs("section", {
		className: home_module_default.hero,
		"aria-labelledby": "hero-title",
		children: [/* @__PURE__ */ jsxs("div", { children: [
			/* @__PURE__ */ jsx("p", {
				className: content_module_default.eyebrow,
				children: "Fertility matching for intended parents"
			}),
			/* @__PURE__ */ jsx("h1", {
				id: "hero-title",
				className: content_module_default.h1,
				children: TAGLINE
			}),
			/* @__PURE__ */ jsx("p", {
				className: content_module_default.lead,
				children: "Kindred matches single parents and couples, of every family shape, with egg donors, sperm donors and surrogates, using what matters most to you, and explains every suggestion in plain words."
			}),
			/* @__PURE__ */ jsxs("div", {
				className: home_module_default.buttonRow,
				children: [/* @__PURE__ */ jsx(Button, {
					component: Link,
					to: paths.register,
					size: "md",
					children: "Create Future Parent Profile"
				}), /* @__PURE__ */ jsx(Button, {
					component: Link,
					to: paths.about,
					size: "md",
					variant: "subtle",
					children: "About Kindred"
				})]
			})
		] }), /* @__PURE__ */ jsx("img", {
			className: home_module_default.heroImage,
			src: "/images/hero.svg",
			alt: "",
			width: 560,
			height: 480,
			fetchPriority: "high"
		})]
	});
}
var HOW = [
	{
		title: "Complete your profile",
		text: "Tell us about your medical, genetic, lifestyle and values priorities, and which ones are deal-breakers."
	},
	{
		title: "Get personalised matches",
		text: "The matching engine ranks donors by compatibility and explains each score, including carrier screening pair by pair."
	},
	{
		title: "Connect with clinics",
		text: "Take your shortlist to a clinic or agency. Kindred is a technology platform, not a clinic, and matches are suggestions."
	}
];
function HowItWorks() {
	return /* @__PURE__ */ jsxs("section", {
		className: content_module_default.section,
		"aria-labelledby": "how-title",
		children: [
			/* @__PURE__ */ jsx("p", {
				className: content_module_default.eyebrow,
				children: "How matching works"
			}),
			/* @__PURE__ */ jsx("h2", {
				id: "how-title",
				className: content_module_default.h2,
				children: "Three steps from questions to a shortlist"
			}),
			/* @__PURE__ */ jsx("ol", {
				className: content_module_default.grid3,
				style: {
					listStyle: "none",
					padding: 0,
					margin: "24px 0 0"
				},
				children: HOW.map((s, i) => /* @__PURE__ */ jsxs("li", {
					className: content_module_default.card,
					children: [
						/* @__PURE__ */ jsx("div", {
							className: home_module_default.stepNumber,
							"aria-hidden": "true",
							children: i + 1
						}),
						/* @__PURE__ */ jsx("h3", {
							className: content_module_default.h3,
							children: s.title
						}),
						/* @__PURE__ */ jsx("p", {
							className: content_module_default.muted,
							children: s.text
						})
					]
				}, s.title))
			})
		]
	});
}
function StepsBanner() {
	return /* @__PURE__ */ jsx("section", {
		className: home_module_default.bandPlum,
		"aria-labelledby": "steps-title",
		children: /* @__PURE__ */ jsxs("div", {
			className: content_module_default.section,
			children: [
				/* @__PURE__ */ jsx("h2", {
					id: "steps-title",
					className: content_module_default.h2,
					children: "Steps toward parenthood"
				}),
				/* @__PURE__ */ jsx("p", {
					className: content_module_default.muted,
					children: "Every family's path is different. These are the steps most people take, and where Kindred helps."
				}),
				/* @__PURE__ */ jsxs("ol", {
					className: home_module_default.bannerSteps,
					children: [
						/* @__PURE__ */ jsx("li", { children: "Learn your options" }),
						/* @__PURE__ */ jsx("li", { children: "Get carrier screening" }),
						/* @__PURE__ */ jsx("li", { children: "Find a compatible donor or carrier" }),
						/* @__PURE__ */ jsx("li", { children: "Plan treatment with a clinic" })
					]
				})
			]
		})
	});
}
function JourneyCta() {
	return /* @__PURE__ */ jsxs("section", {
		className: home_module_default.cta,
		"aria-labelledby": "cta-title",
		children: [
			/* @__PURE__ */ jsx("h2", {
				id: "cta-title",
				className: content_module_default.h2,
				children: "Ready to Start Your Journey?"
			}),
			/* @__PURE__ */ jsx("p", {
				className: content_module_default.lead,
				style: { marginInline: "auto" },
				children: "Create your profile in minutes. Your first match is free."
			}),
			/* @__PURE__ */ jsx(Button, {
				component: Link,
				to: paths.register,
				size: "lg",
				children: "Sign Up Now"
			})
		]
	});
}
// src/features/home/components/process-gallery.tsx
var STEPS = [
	{
		src: "/images/process/step-1-profile.svg",
		title: "1. Create your profile",
		text: "A few minutes, at your own pace."
	},
	{
		src: "/images/process/step-2-preferences.svg",
		title: "2. Set your preferences",
		text: "Importance levels and deal-breakers."
	},
	{
		src: "/images/process/step-3-matches.svg",
		title: "3. Review your matches",
		text: "Scores with reasons you can read."
	},
	{
		src: "/images/process/step-4-clinic.svg",
		title: "4. Talk to your clinic",
		text: "Bring your shortlist and questions."
	}
];
/** Spec: an image that fails to load is hidden and 'Image not available' is shown in its place. */
function GalleryImage({ src }) {
	const [failed, setFailed] = useState(false);
	const ref = useRef(null);
	useEffect(() => {
		const img = ref.current;
		if (img && img.complete && img.naturalWidth === 0) setFailed(true);
	}, []);
	if (failed) return /* @__PURE__ */ jsx("div", {
		className: home_module_default.galleryFallback,
		children: "Image not available"
	});
	return /* @__PURE__ */ jsx("img", {
		ref,
		className: home_module_default.galleryImage,
		src,
		alt: "",
		width: 600,
		height: 400,
		loading: "lazy",
		decoding: "async",
		onError: () => setFailed(true)
	});
}
function ProcessGallery() {
	return /* @__PURE__ */ jsxs("section", {
		className: content_module_default.section,
		"aria-labelledby": "process-title",
		children: [
			/* @__PURE__ */ jsx("p", {
				className: content_module_default.eyebrow,
				children: "The process"
			}),
			/* @__PURE__ */ jsx("h2", {
				id: "process-title",
				className: content_module_default.h2,
				children: "What happens, step by step"
			}),
			/* @__PURE__ */ jsx("ul", {
				className: home_module_default.gallery,
				style: { marginTop: 24 },
				children: STEPS.map((s) => /* @__PURE__ */ jsxs("li", {
					className: home_module_default.galleryItem,
					children: [/* @__PURE__ */ jsx(GalleryImage, { src: s.src }), /* @__PURE__ */ jsxs("div", {
						className: home_module_default.galleryCaption,
						children: [/* @__PURE__ */ jsx("h3", {
							className: content_module_default.h3,
							children: s.title
						}), /* @__PURE__ */ jsx("p", {
							className: content_module_default.muted,
							children: s.text
						})]
					})]
				}, s.src))
			})
		]
	});
}
// src/features/home/components/support-panels.tsx
var PANELS = [
	{
		title: "Support",
		text: "Questions about matching, your account or billing? Write to us from the FAQ page; a person replies within two working days."
	},
	{
		title: "Workplace",
		text: "We work remotely across time zones, with a small office in Chicago, Illinois, and meet families online."
	},
	{
		title: "Our Live Feedback",
		text: "Every explanation in your matches has a feedback link. We read each note and use it to improve how matches are explained."
	}
];
/** The 'Support/Our Team' block (spec section 2). */
function SupportPanels() {
	return /* @__PURE__ */ jsxs("section", {
		className: content_module_default.section,
		"aria-labelledby": "support-panels-title",
		children: [/* @__PURE__ */ jsx("h2", {
			id: "support-panels-title",
			className: content_module_default.h2,
			children: "Support and our team"
		}), /* @__PURE__ */ jsx("div", {
			className: home_module_default.split,
			style: { marginTop: 20 },
			children: PANELS.map((p) => /* @__PURE__ */ jsxs("div", {
				className: content_module_default.card,
				children: [/* @__PURE__ */ jsx("h3", {
					className: content_module_default.h3,
					children: p.title
				}), /* @__PURE__ */ jsx("p", {
					className: content_module_default.muted,
					children: p.text
				})]
			}, p.title))
		})]
	});
}
function TeamSection() {
	const { data, isPending } = useQuery(teamQuery());
	return /* @__PURE__ */ jsx("section", {
		className: home_module_default.band,
		"aria-labelledby": "team-title",
		children: /* @__PURE__ */ jsxs("div", {
			className: content_module_default.section,
			children: [
				/* @__PURE__ */ jsx("h2", {
					id: "team-title",
					className: content_module_default.h2,
					children: "Meet Our Team"
				}),
				/* @__PURE__ */ jsx("p", {
					className: content_module_default.muted,
					children: "The people behind the matching engine and the support you receive."
				}),
				isPending ? /* @__PURE__ */ jsxs("div", {
					className: content_module_default.center,
					role: "status",
					children: [/* @__PURE__ */ jsx(Loader, { size: 40 }), /* @__PURE__ */ jsx("span", { children: "Loading team..." })]
				}) : /* @__PURE__ */ jsx("ul", {
					className: content_module_default.grid4,
					style: {
						listStyle: "none",
						padding: 0,
						margin: "24px 0 0"
					},
					children: (data ?? []).map((m) => /* @__PURE__ */ jsxs("li", {
						className: home_module_default.teamCard,
						children: [
							/* @__PURE__ */ jsx("img", {
								className: home_module_default.teamImage,
								src: m.image || "/images/team/member-1.svg",
								alt: "",
								width: 120,
								height: 120,
								loading: "lazy",
								decoding: "async"
							}),
							/* @__PURE__ */ jsx("h3", {
								className: content_module_default.h3,
								children: m.name
							}),
							/* @__PURE__ */ jsx("p", {
								className: content_module_default.meta,
								children: m.designation
							}),
							/* @__PURE__ */ jsx("a", {
								className: home_module_default.teamEmail,
								href: `mailto:${m.email}`,
								children: m.email
							}),
							/* @__PURE__ */ jsx("p", {
								className: content_module_default.muted,
								style: {
									marginTop: 8,
									fontSize: "0.95rem"
								},
								children: m.small_description
							})
						]
					}, m.id))
				}),
				/* @__PURE__ */ jsx("p", {
					className: content_module_default.notice,
					children: "Team profiles and portraits on this site are illustrative: the people shown are fictional."
				})
			]
		})
	});
}
// src/features/home/components/testimonials-carousel.tsx
/** The index after `i` moving by `step` through `n` items, wrapping at both ends. */
var wrapIndex = (i, step, n) => n === 0 ? 0 : ((i + step) % n + n) % n;
/** Spec: three fixed testimonials with previous and next buttons that wrap around. */
function TestimonialsCarousel() {
	const { data } = useQuery(testimonialsQuery());
	const items = data ?? [];
	const [index, setIndex] = useState(0);
	const current = items[index];
	return /* @__PURE__ */ jsx("section", {
		className: home_module_default.band,
		"aria-labelledby": "testimonials-title",
		"aria-roledescription": "carousel",
		children: /* @__PURE__ */ jsxs("div", {
			className: `${content_module_default.section} ${home_module_default.carousel}`,
			children: [
				/* @__PURE__ */ jsx("h2", {
					id: "testimonials-title",
					className: content_module_default.h2,
					children: "What families tell us"
				}),
				current ? /* @__PURE__ */ jsxs("figure", {
					style: { margin: "20px 0 0" },
					"aria-live": "polite",
					"aria-atomic": "true",
					"aria-roledescription": "slide",
					"aria-label": `${index + 1} of ${items.length}`,
					children: [/* @__PURE__ */ jsxs("blockquote", {
						className: home_module_default.quote,
						children: [
							"“",
							current.quote,
							"”"
						]
					}), /* @__PURE__ */ jsxs("figcaption", {
						className: content_module_default.meta,
						children: [
							current.author,
							/* @__PURE__ */ jsx("br", {}),
							/* @__PURE__ */ jsx("em", { children: current.context })
						]
					})]
				}) : /* @__PURE__ */ jsx("p", {
					className: content_module_default.empty,
					children: "No testimonials yet."
				}),
				/* @__PURE__ */ jsxs("div", {
					className: home_module_default.carouselControls,
					children: [
						/* @__PURE__ */ jsx("button", {
							type: "button",
							className: home_module_default.roundButton,
							"aria-label": "Previous testimonial",
							onClick: () => setIndex((i) => wrapIndex(i, -1, items.length)),
							children: /* @__PURE__ */ jsx(IconChevronLeft, {
								size: 22,
								"aria-hidden": true
							})
						}),
						/* @__PURE__ */ jsx("span", {
							className: content_module_default.meta,
							children: items.length ? `${index + 1} / ${items.length}` : ""
						}),
						/* @__PURE__ */ jsx("button", {
							type: "button",
							className: home_module_default.roundButton,
							"aria-label": "Next testimonial",
							onClick: () => setIndex((i) => wrapIndex(i, 1, items.length)),
							children: /* @__PURE__ */ jsx(IconChevronRight, {
								size: 22,
								"aria-hidden": true
							})
						})
					]
				})
			]
		})
	});
}
// src/features/home/components/value-sections.tsx
var BENEFITS = [
	{
		title: "Matching on what matters",
		text: "Genetic, medical and lifestyle data, weighed by the importance you choose.",
		Icon: IconDna
	},
	{
		title: "Personalised recommendations",
		text: "Your shortlist reflects your preferences and deal-breakers, not a generic ranking.",
		Icon: IconTargetArrow
	},
	{
		title: "Higher chances of success",
		text: "Compatibility checks, such as pairwise carrier screening, help you avoid avoidable risks.",
		Icon: IconSparkles
	},
	{
		title: "Vetted partners",
		text: "Donors come from partner donor banks and agencies that screen and verify them.",
		Icon: IconShieldCheck
	},
	{
		title: "Faster matching",
		text: "What once took weeks of browsing profiles now takes minutes.",
		Icon: IconBolt
	},
	{
		title: "Compassionate support",
		text: "People who understand fertility journeys answer your questions.",
		Icon: IconHeartHandshake
	}
];
function Benefits() {
	return /* @__PURE__ */ jsx("section", {
		className: home_module_default.band,
		"aria-labelledby": "why-title",
		children: /* @__PURE__ */ jsxs("div", {
			className: content_module_default.section,
			children: [
				/* @__PURE__ */ jsx("p", {
					className: content_module_default.eyebrow,
					children: "Why choose us"
				}),
				/* @__PURE__ */ jsx("h2", {
					id: "why-title",
					className: content_module_default.h2,
					children: "Why families choose Kindred"
				}),
				/* @__PURE__ */ jsx("ul", {
					className: content_module_default.grid3,
					style: {
						listStyle: "none",
						padding: 0,
						margin: "24px 0 0"
					},
					children: BENEFITS.map(({ title, text, Icon }) => /* @__PURE__ */ jsxs("li", {
						className: content_module_default.card,
						children: [
							/* @__PURE__ */ jsx("div", {
								className: home_module_default.icon,
								"aria-hidden": "true",
								children: /* @__PURE__ */ jsx(Icon, { size: 24 })
							}),
							/* @__PURE__ */ jsx("h3", {
								className: content_module_default.h3,
								children: title
							}),
							/* @__PURE__ */ jsx("p", {
								className: content_module_default.muted,
								children: text
							})
						]
					}, title))
				})
			]
		})
	});
}
var SERVICES = [
	{
		title: "Genetic risk testing",
		text: "A Genetic Risk Assessment report ($150) compares carrier screening results for you and a donor.",
		Icon: IconDna
	},
	{
		title: "Legal services",
		text: "Review of donor and surrogate contracts by partner lawyers; the price depends on the contract.",
		Icon: IconScale
	},
	{
		title: "Fertility counseling",
		text: "Sessions with a fertility counselor ($150 per hour) to talk through choices and feelings.",
		Icon: IconUserHeart
	}
];
/** Spec: the matching card goes to /login on click; the other three are not clickable. */
function Services() {
	return /* @__PURE__ */ jsxs("section", {
		className: content_module_default.section,
		"aria-labelledby": "services-title",
		children: [
			/* @__PURE__ */ jsx("p", {
				className: content_module_default.eyebrow,
				children: "Our services"
			}),
			/* @__PURE__ */ jsx("h2", {
				id: "services-title",
				className: content_module_default.h2,
				children: "Everything around the match"
			}),
			/* @__PURE__ */ jsxs("ul", {
				className: content_module_default.grid4,
				style: {
					listStyle: "none",
					padding: 0,
					margin: "24px 0 0"
				},
				children: [/* @__PURE__ */ jsx("li", { children: /* @__PURE__ */ jsxs(Link, {
					to: paths.login,
					className: `${content_module_default.card} ${home_module_default.serviceLink}`,
					children: [
						/* @__PURE__ */ jsx("div", {
							className: home_module_default.icon,
							"aria-hidden": "true",
							children: /* @__PURE__ */ jsx(IconUsers, { size: 24 })
						}),
						/* @__PURE__ */ jsx("h3", {
							className: content_module_default.h3,
							children: "Donor and surrogate AI-driven matching"
						}),
						/* @__PURE__ */ jsx("p", {
							className: content_module_default.muted,
							children: "Ranked egg donor, sperm donor and surrogate matches with clear explanations."
						}),
						/* @__PURE__ */ jsx("span", {
							className: home_module_default.serviceCta,
							children: "Sign in to start matching"
						})
					]
				}) }), SERVICES.map(({ title, text, Icon }) => /* @__PURE__ */ jsxs("li", {
					className: content_module_default.card,
					children: [
						/* @__PURE__ */ jsx("div", {
							className: home_module_default.icon,
							"aria-hidden": "true",
							children: /* @__PURE__ */ jsx(Icon, { size: 24 })
						}),
						/* @__PURE__ */ jsx("h3", {
							className: content_module_default.h3,
							children: title
						}),
						/* @__PURE__ */ jsx("p", {
							className: content_module_default.muted,
							children: text
						})
					]
				}, title))]
			})
		]
	});
}
function MissionVision() {
	return /* @__PURE__ */ jsx("section", {
		className: home_module_default.band,
		"aria-labelledby": "mission-title",
		children: /* @__PURE__ */ jsxs("div", {
			className: content_module_default.section,
			children: [/* @__PURE__ */ jsx("h2", {
				id: "mission-title",
				className: content_module_default.h2,
				children: "Our mission and vision"
			}), /* @__PURE__ */ jsxs("div", {
				className: home_module_default.split,
				style: { marginTop: 20 },
				children: [/* @__PURE__ */ jsxs("div", {
					className: content_module_default.card,
					children: [/* @__PURE__ */ jsx("h3", {
						className: content_module_default.h3,
						children: "Mission"
					}), /* @__PURE__ */ jsx("p", {
						className: content_module_default.muted,
						children: "To empower families with emotional care together with AI matching, so that every intended parent, single or partnered, of any gender or orientation, can make informed choices with confidence."
					})]
				}), /* @__PURE__ */ jsxs("div", {
					className: content_module_default.card,
					children: [/* @__PURE__ */ jsx("h3", {
						className: content_module_default.h3,
						children: "Vision"
					}), /* @__PURE__ */ jsx("p", {
						className: content_module_default.muted,
						children: "Compassionate, accessible reproductive care, where finding a donor or a surrogate is transparent, fair and kind."
					})]
				})]
			})]
		})
	});
}
function EthicsTeaser() {
	return /* @__PURE__ */ jsx("section", {
		className: content_module_default.section,
		"aria-labelledby": "ethics-title",
		children: /* @__PURE__ */ jsxs("div", {
			className: content_module_default.card,
			style: {
				display: "flex",
				gap: 20,
				flexWrap: "wrap",
				alignItems: "center"
			},
			children: [
				/* @__PURE__ */ jsx("div", {
					className: home_module_default.icon,
					"aria-hidden": "true",
					children: /* @__PURE__ */ jsx(IconMessageHeart, { size: 24 })
				}),
				/* @__PURE__ */ jsxs("div", {
					style: { flex: "1 1 320px" },
					children: [/* @__PURE__ */ jsx("h2", {
						id: "ethics-title",
						className: content_module_default.h2,
						children: "The ethics of AI in fertility matching"
					}), /* @__PURE__ */ jsx("p", {
						className: content_module_default.muted,
						children: "Our engine explains every score, treats untested genes as unknown rather than safe, and never decides for you. Read how we approach fairness, privacy and the limits of AI."
					})]
				}),
				/* @__PURE__ */ jsx(Button, {
					component: Link,
					to: paths.blogs,
					variant: "light",
					children: "Learn More"
				})
			]
		})
	});
}
// src/features/home/components/home-page.tsx
/** The home page: every section of both spec variants, composed into one page (spec section 2). */
function HomePage() {
	return /* @__PURE__ */ jsxs(Fragment$1, { children: [
		/* @__PURE__ */ jsx(Seo, {
			title: "Kindred",
			description: DEFAULT_DESCRIPTION,
			path: "/"
		}),
		/* @__PURE__ */ jsx(Hero, {}),
		/* @__PURE__ */ jsx(HowItWorks, {}),
		/* @__PURE__ */ jsx(StepsBanner, {}),
		/* @__PURE__ */ jsx(Benefits, {}),
		/* @__PURE__ */ jsx(Services, {}),
		/* @__PURE__ */ jsx(MissionVision, {}),
		/* @__PURE__ */ jsx(EthicsTeaser, {}),
		/* @__PURE__ */ jsx(ArticlesSection, {}),
		/* @__PURE__ */ jsx(ProcessGallery, {}),
		/* @__PURE__ */ jsx(TeamSection, {}),
		/* @__PURE__ */ jsx(SupportPanels, {}),
		/* @__PURE__ */ jsx(TestimonialsCarousel, {}),
		/* @__PURE__ */ jsx(JourneyCta, {})
	] });
}
export { HomePage };

//# sourceMappingURL=home-page-BR1GduxI.js.map