/** The dialogs' code, loaded when one is first shown (dialogs.tsx). */
export { default as Modal } from 'react-bootstrap/Modal';
export { default as Offcanvas } from 'react-bootstrap/Offcanvas';
