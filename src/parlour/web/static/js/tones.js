// Short tones made with the Web Audio API (no sound file), for the turn notice's chime and the
// table's sounds. Browsers play nothing before the player's first click or key: the audio
// context is made (or resumed) then.
let audio = null;

export function hearing() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return;
  audio = audio || new Context();
  audio.resume();
}

// Sine tones one after the other, `step` seconds apart, each fading out.
export function tones(pitches, step = 0.15) {
  if (!audio) return;
  const start = audio.currentTime;
  pitches.forEach((pitch, index) => {
    const tone = audio.createOscillator();
    const volume = audio.createGain();
    const at = start + index * step;
    tone.frequency.value = pitch;
    volume.gain.setValueAtTime(0.0001, at);
    volume.gain.exponentialRampToValueAtTime(0.2, at + 0.02);
    volume.gain.exponentialRampToValueAtTime(0.0001, at + 0.3);
    tone.connect(volume).connect(audio.destination);
    tone.start(at);
    tone.stop(at + 0.32);
  });
}

document.addEventListener("pointerdown", hearing, { capture: true, once: true });
document.addEventListener("keydown", hearing, { capture: true, once: true });
