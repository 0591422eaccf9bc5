/** The engine's refusals: a code a caller maps to its own error, and a message that says what to fix. */
export type EngineRefusalCode =
  | 'no_person'
  | 'several_people'
  | 'side_view'
  | 'cropped'
  | 'not_standing'
  | 'too_small'
  | 'no_face'
  | 'several_faces'
  | 'face_too_small'
  | 'no_garment'
  | 'unsupported_garment'
  | 'on_model_garment'
  | 'bare_torso'
  | 'garment_off_body';

export const REFUSAL_MESSAGES: Record<EngineRefusalCode, string> = {
  no_person:
    'We could not find a person in this photo: use a photo of yourself from head to feet, facing the camera, with nobody else in it.',
  several_people:
    'There seem to be several people in this photo: use a photo with only you in it, from head to feet, facing the camera.',
  side_view:
    'You seem to be turned to the side in this photo: use a photo where you face the camera, from head to feet.',
  cropped:
    'We could not see a whole body in this photo: use a photo from head to feet (head and feet inside the frame), facing the camera, with nobody else in it.',
  not_standing:
    'You seem to be sitting or kneeling in this photo: use a photo where you stand, from head to feet, facing the camera.',
  too_small:
    'You are too small in this photo to try clothes on: use a photo where you fill most of the frame height, from head to feet.',
  no_face:
    'We could not see a face in this portrait: use a photo of your head and shoulders, facing the camera, with nobody else in it.',
  several_faces:
    'There seem to be several people in this portrait: use a photo with only you in it, your face clearly visible.',
  face_too_small:
    'Your face is too small in this portrait: use a photo where your head and shoulders fill most of the frame.',
  no_garment:
    'We could not find a garment in this image: use a product photo of one garment, laid flat or on a plain background (the Fitly engine cannot take a garment off a photo of someone wearing it).',
  unsupported_garment:
    'This kind of item (bags, hats, glasses and other accessories) cannot be tried on by the Fitly engine yet: pick a top, bottom, dress, jacket or shoes.',
  on_model_garment:
    'The Fitly engine cannot take a garment off a photo of someone wearing it (parts of that person would come with it): use a product photo of the garment, laid flat or on a plain background. Looks made by an AI model, where offered, can use this photo.',
  bare_torso:
    'This look was not shown: the try-on would have left part of the body bare where the garment should cover it. Try a product photo of the garment on a plain background, or another garment.',
  garment_off_body:
    'This look was not shown: pieces of the garment ended up off the body. Try a product photo of the garment on a plain background, or another garment.',
};

export class EngineRefusal extends Error {
  readonly code: EngineRefusalCode;
  constructor(code: EngineRefusalCode, message: string = REFUSAL_MESSAGES[code]) {
    super(message);
    this.name = 'EngineRefusal';
    this.code = code;
  }
}
