import { Modal } from "@mantine/core";
import { jsx, jsxs } from "react/jsx-runtime";
// src/components/ui/app-modal.tsx
/**
* The app's dialog: Mantine's Modal assembled so that its header is a plain <div> (a <header> there would be a
* second "banner" landmark) and its close button has a name. Title names the dialog for assistive technology.
*/
function AppModal({ opened, onClose, title, size = "md", children }) {
	return /* @__PURE__ */ jsxs(Modal.Root, {
		opened,
		onClose,
		size,
		radius: "lg",
		centered: true,
		children: [/* @__PURE__ */ jsx(Modal.Overlay, {
			backgroundOpacity: .45,
			blur: 2
		}), /* @__PURE__ */ jsxs(Modal.Content, { children: [/* @__PURE__ */ jsxs(Modal.Header, {
			component: "div",
			children: [/* @__PURE__ */ jsx(Modal.Title, {
				fw: 650,
				fz: "1.15rem",
				children: title
			}), /* @__PURE__ */ jsx(Modal.CloseButton, { "aria-label": "Close" })]
		}), /* @__PURE__ */ jsx(Modal.Body, { children })] })]
	});
}
export { AppModal as t };

//# sourceMappingURL=app-modal-B2uXULhJ.js.map