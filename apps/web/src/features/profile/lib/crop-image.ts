import { croppedType } from './avatar-file';

export interface CropArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Bigger than the 300 px the server keeps, small enough for a quick upload. */
const MAX_SIDE = 1024;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The picture could not be read.'));
    image.src = src;
  });
}

/** Draws the chosen square (in the picture's own pixels) onto a canvas and encodes it. */
export async function cropToBlob(src: string, area: CropArea, sourceType: string): Promise<Blob> {
  const image = await loadImage(src);
  const side = Math.max(1, Math.round(Math.min(area.width, area.height, MAX_SIDE)));
  const canvas = document.createElement('canvas');
  canvas.width = side;
  canvas.height = side;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Canvas is not available.');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, side, side);
  const type = croppedType(sourceType);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be cropped.'))),
      type,
      0.92,
    );
  });
}
