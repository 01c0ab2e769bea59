/** The dialogs' code, loaded when one is first shown (dialogs.tsx). */
export { default as Alert } from 'react-bootstrap/Alert';
export { default as Modal } from 'react-bootstrap/Modal';
export { default as Offcanvas } from 'react-bootstrap/Offcanvas';
export { Trans } from 'react-i18next';
