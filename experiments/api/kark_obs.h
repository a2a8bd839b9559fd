/* Observation tensors of the binding API: a float32 array per (state, seat), computed from
 * the seat's canonical view (kark_api.c), so it can never hold what the seat cannot see.
 * Games with a tensor of their own get it here; every other game gets the generic layout
 * "view-bytes" (one value per byte of its view state). docs/python.md documents each. */
#ifndef KARK_OBS_H
#define KARK_OBS_H

#include "../../engine/core/game.h"

/* Writes the tensor's dims (at most 4) for g with `players` seats, returns how many, and
 * sets *layout to the layout's name. */
int kark_obs_shape(const struct kk_game *g, int players, int *dims, const char **layout);
/* Fills out (zeroed by the caller, the product of the dims long) from view for seat. */
void kark_obs_fill(const struct kk_game *g, const void *view, int seat, float *out);

/* Masks what a game's sample_view leaves of the truth in a view (see kark_obs.c), so the
 * canonical view depends only on what the seat sees. */
void kark_view_mask(const struct kk_game *g, void *view, int seat);

#endif
