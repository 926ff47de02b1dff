/*
 * uno_internal.h: what the Chess-Uno files share and nobody else sees.
 */
#ifndef CHESSCUBING_UNO_INTERNAL_H
#define CHESSCUBING_UNO_INTERNAL_H

#include "chesscubing/uno.h"

/* Fisher-Yates over ids[0..n-1] with the key stream of shuffle number k
 * (0 the deal, k >= 1 the k-th reshuffle), as uno.h specifies. */
void cc_uno_shuffle_ids(const uint8_t key[CC_UNO_KEY_SIZE], uint64_t k, int *ids, size_t n);

#endif
