/**
 * The icons the app uses, by what they mean here: one Bootstrap Icons glyph per meaning, imported
 * as SVG text. Only icons imported somewhere reach a bundle. Credits are a stack of plain coins of
 * our own: members pay in €, £, zł or kr, so no currency sign.
 */

export { default as retry } from 'bootstrap-icons/icons/arrow-clockwise.svg?raw';
export { default as refund } from 'bootstrap-icons/icons/arrow-counterclockwise.svg?raw';
export { default as bell } from 'bootstrap-icons/icons/bell-fill.svg?raw';
export { default as bellOff } from 'bootstrap-icons/icons/bell-slash-fill.svg?raw';
export { default as logout } from 'bootstrap-icons/icons/box-arrow-right.svg?raw';
export { default as age } from 'bootstrap-icons/icons/cake.svg?raw';
export { default as camera } from 'bootstrap-icons/icons/camera-fill.svg?raw';
export { default as chat } from 'bootstrap-icons/icons/chat-heart-fill.svg?raw';
export { default as paid } from 'bootstrap-icons/icons/check-circle-fill.svg?raw';
export { default as check } from 'bootstrap-icons/icons/check-lg.svg?raw';
export { default as sent } from 'bootstrap-icons/icons/check2.svg?raw';
export { default as read } from 'bootstrap-icons/icons/check2-all.svg?raw';
export { default as back } from 'bootstrap-icons/icons/chevron-left.svg?raw';
export { default as next } from 'bootstrap-icons/icons/chevron-right.svg?raw';
export { default as clock } from 'bootstrap-icons/icons/clock.svg?raw';
export { default as dataExport } from 'bootstrap-icons/icons/cloud-download-fill.svg?raw';
export { default as matchFinder } from 'bootstrap-icons/icons/compass.svg?raw';
export { default as download } from 'bootstrap-icons/icons/download.svg?raw';
export { default as mail } from 'bootstrap-icons/icons/envelope-fill.svg?raw';
export { default as invisible } from 'bootstrap-icons/icons/eye-slash-fill.svg?raw';
export { default as passkey } from 'bootstrap-icons/icons/fingerprint.svg?raw';
export { default as swipe } from 'bootstrap-icons/icons/fire.svg?raw';
export { default as report } from 'bootstrap-icons/icons/flag-fill.svg?raw';
export { default as settings } from 'bootstrap-icons/icons/gear.svg?raw';
export { default as premium } from 'bootstrap-icons/icons/gem.svg?raw';
export { default as place } from 'bootstrap-icons/icons/geo-alt-fill.svg?raw';
export { default as gift } from 'bootstrap-icons/icons/gift-fill.svg?raw';
export { default as language } from 'bootstrap-icons/icons/globe2.svg?raw';
export { default as like } from 'bootstrap-icons/icons/heart.svg?raw';
export { default as liked } from 'bootstrap-icons/icons/heart-fill.svg?raw';
export { default as pending } from 'bootstrap-icons/icons/hourglass-split.svg?raw';
export { default as photo } from 'bootstrap-icons/icons/image.svg?raw';
export { default as info } from 'bootstrap-icons/icons/info-circle.svg?raw';
export { default as password } from 'bootstrap-icons/icons/key-fill.svg?raw';
export { default as computer } from 'bootstrap-icons/icons/laptop.svg?raw';
export { default as devices } from 'bootstrap-icons/icons/laptop-fill.svg?raw';
export { default as locked } from 'bootstrap-icons/icons/lock-fill.svg?raw';
export { default as rename } from 'bootstrap-icons/icons/pencil.svg?raw';
export { default as members } from 'bootstrap-icons/icons/people-fill.svg?raw';
export { default as profile } from 'bootstrap-icons/icons/person-fill.svg?raw';
export { default as blocked } from 'bootstrap-icons/icons/person-slash.svg?raw';
export { default as phone } from 'bootstrap-icons/icons/phone.svg?raw';
export { default as plus } from 'bootstrap-icons/icons/plus-lg.svg?raw';
export { default as receipt } from 'bootstrap-icons/icons/receipt.svg?raw';
export { default as search } from 'bootstrap-icons/icons/search.svg?raw';
export { default as send } from 'bootstrap-icons/icons/send-fill.svg?raw';
export { default as filters } from 'bootstrap-icons/icons/sliders.svg?raw';
export { default as tablet } from 'bootstrap-icons/icons/tablet.svg?raw';
export { default as more } from 'bootstrap-icons/icons/three-dots.svg?raw';
export { default as trash } from 'bootstrap-icons/icons/trash3.svg?raw';
export { default as unlocked } from 'bootstrap-icons/icons/unlock-fill.svg?raw';
export { default as failed } from 'bootstrap-icons/icons/x-circle-fill.svg?raw';
export { default as close } from 'bootstrap-icons/icons/x-lg.svg?raw';
export { default as credits } from './coins.svg?raw';
